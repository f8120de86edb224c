/** An infrastructure failure that names the component and says what to do. */
export class InfraError extends Error {
  constructor(
    readonly component: string,
    message: string,
  ) {
    super(`${component}: ${message}`);
    this.name = 'InfraError';
  }
}

export interface PortOwner {
  pid: number;
  command: string;
}

export function portTakenMessage(component: string, port: number, owner?: PortOwner): InfraError {
  const who = owner ? `process ${owner.pid} (${owner.command})` : 'another process';
  return new InfraError(
    component,
    `port ${port} is taken by ${who} that this runner did not start. Stop it or free the port, then run again.`,
  );
}

export function downloadFailedMessage(component: string, url: string, reason: string): InfraError {
  return new InfraError(component, `download of ${url} failed: ${reason}`);
}

export function notReadyMessage(component: string, timeoutMs: number, logPath: string, lastLines: string[], reason?: string): InfraError {
  const tail = lastLines.length > 0 ? `\n--- last lines of ${logPath} ---\n${lastLines.join('\n')}` : ` (log ${logPath} is empty)`;
  const why = reason ? ` Last check: ${reason}.` : '';
  return new InfraError(component, `did not become ready within ${Math.round(timeoutMs / 1000)}s.${why}${tail}`);
}

export function exitedEarlyMessage(component: string, code: number | null, logPath: string, lastLines: string[]): InfraError {
  return new InfraError(
    component,
    `exited during start-up (code ${code ?? 'unknown'}).\n--- last lines of ${logPath} ---\n${lastLines.join('\n')}`,
  );
}
