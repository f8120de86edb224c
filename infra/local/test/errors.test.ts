import { downloadFailedMessage, exitedEarlyMessage, InfraError, notReadyMessage, portTakenMessage } from '../src/errors';

describe('error messages', () => {
  it('when a foreign process holds the port, then the message names component, port and process', () => {
    const error = portTakenMessage('rabbitmq', 5672, { pid: 42, command: '/usr/lib/erlang/erts/bin/beam.smp' });
    expect(error).toBeInstanceOf(InfraError);
    expect(error.component).toBe('rabbitmq');
    expect(error.message).toBe(
      'rabbitmq: port 5672 is taken by process 42 (/usr/lib/erlang/erts/bin/beam.smp) that this runner did not start. Stop it or free the port, then run again.',
    );
  });

  it('when the owner of the port is unknown, then the message still names the port', () => {
    expect(portTakenMessage('redis', 6379).message).toContain('port 6379 is taken by another process');
  });

  it('when a download fails, then the message names the component, the URL and the reason', () => {
    expect(downloadFailedMessage('keycloak', 'https://example.test/kc.zip', 'HTTP 404').message).toBe(
      'keycloak: download of https://example.test/kc.zip failed: HTTP 404',
    );
  });

  it('when a server is not ready in time, then the message gives the timeout, last check and log tail', () => {
    const message = notReadyMessage('keycloak', 180_000, '/r/.local/keycloak.log', ['line 1', 'ERROR boom'], 'realm discovery answered 404').message;
    expect(message).toContain('keycloak: did not become ready within 180s. Last check: realm discovery answered 404.');
    expect(message).toContain('--- last lines of /r/.local/keycloak.log ---\nline 1\nERROR boom');
  });

  it('when the log is empty, then the message says so', () => {
    expect(notReadyMessage('redis', 1000, '/r/.local/redis.log', []).message).toContain('(log /r/.local/redis.log is empty)');
  });

  it('when a server exits during start-up, then the message gives its exit code and log tail', () => {
    expect(exitedEarlyMessage('ferretdb', 1, '/r/f.log', ['bind: address already in use']).message).toBe(
      'ferretdb: exited during start-up (code 1).\n--- last lines of /r/f.log ---\nbind: address already in use',
    );
  });
});
