/**
 * The instances of one service the gateway spreads requests over: round-robin, skipping an instance that just
 * failed to connect (for `downForMs`) unless every instance did. Passive only: a request finds an instance down,
 * the gateway retries what may be retried on the next one (proxy.ts), and the others skip it for a moment.
 */
export interface UpstreamPool {
  readonly targets: readonly string[];
  /** The next instance in turn, not `avoid` (the one that just failed) while another is up. */
  pick(avoid?: string): string;
  /** An instance refused or dropped a connection: skipped for a moment. */
  failed(target: string): void;
}

export function createUpstreamPool(targets: readonly string[], { downForMs = 2000, now = Date.now }: { downForMs?: number; now?: () => number } = {}): UpstreamPool {
  if (targets.length === 0) throw new Error('an upstream pool needs at least one target');
  const downUntil = new Map<string, number>();
  let next = 0;
  const up = (target: string) => (downUntil.get(target) ?? 0) <= now();
  return {
    targets,
    pick(avoid) {
      if (targets.length === 1) return targets[0]!;
      for (let tried = 0; tried < targets.length; tried += 1) {
        const target = targets[next++ % targets.length]!;
        if (target !== avoid && up(target)) return target;
      }
      // Every other instance is down too: try one anyway (a restarted instance answers again).
      const other = targets.find((target) => target !== avoid);
      return other ?? targets[0]!;
    },
    failed(target) {
      if (targets.length > 1) downUntil.set(target, now() + downForMs);
    },
  };
}
