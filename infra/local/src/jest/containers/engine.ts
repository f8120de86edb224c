// Before anything is pulled: is there a container engine? testcontainers tries DOCKER_HOST, then the usual sockets,
// and fails with "Could not find a working container runtime strategy"; the suite says what to do instead.
import http from 'node:http';

export class NoContainerEngineError extends Error {
  constructor(detail: string) {
    super(
      `KIDSLEARN_INFRA=containers needs a container engine (Docker, or Podman with its Docker API socket), and none answered: ${detail}. ` +
        'Start one (or point DOCKER_HOST at it), or run the tests without KIDSLEARN_INFRA to use the local runner\'s servers ' +
        '(docs/OPERATIONS.md, "Running the tests against the production engines").',
    );
    this.name = 'NoContainerEngineError';
  }
}

/** GET /_ping of the Docker API at DOCKER_HOST (unix:// or tcp:// without TLS); resolves when it answers OK. */
export function pingDockerApi(dockerHost: string, timeoutMs = 3000): Promise<void> {
  const url = new URL(dockerHost);
  const target = url.protocol === 'unix:' ? { socketPath: url.pathname } : { host: url.hostname, port: Number(url.port || 2375) };
  return new Promise((resolve, reject) => {
    const request = http.get({ ...target, path: '/_ping', timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => (response.statusCode === 200 && body.trim() === 'OK' ? resolve() : reject(new Error(`answered ${response.statusCode} ${body.trim().slice(0, 80)}, not a container engine's OK`))));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error: NodeJS.ErrnoException) => reject(new Error(error.code ?? error.message)));
  });
}

/**
 * Throws NoContainerEngineError unless an engine answers: the one DOCKER_HOST names (checked first and strictly:
 * testcontainers would quietly try other sockets), else whatever testcontainers finds (`detect`).
 */
export async function checkContainerEngine(env: NodeJS.ProcessEnv, detect: () => Promise<unknown>): Promise<void> {
  const dockerHost = env.DOCKER_HOST?.trim();
  if (dockerHost && env.DOCKER_TLS_VERIFY !== '1') {
    try {
      await pingDockerApi(dockerHost);
    } catch (error) {
      throw new NoContainerEngineError(`DOCKER_HOST=${dockerHost}: ${(error as Error).message}`);
    }
  }
  try {
    await detect();
  } catch (error) {
    throw new NoContainerEngineError(`${(error as Error).message} (DOCKER_HOST ${dockerHost ? `is ${dockerHost}` : 'is not set'}; /var/run/docker.sock and the rootless sockets tried)`);
  }
}
