import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { buildGateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { closeServer, listenLocal } from './support';

/** Collects what the gateway's default logger writes. */
function captureLog(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

describe('gateway logs', () => {
  let service: Server;
  let gateway: ReturnType<typeof buildGateway>;
  let base: string;
  const log = captureLog();

  beforeAll(async () => {
    service = createServer((_req, res) => res.end('{}'));
    const config = gatewayConfigSchema.parse({ PORT: 0, LOG_LEVEL: 'info', CONTENT_URL: await listenLocal(service) });
    gateway = buildGateway(config, undefined, { logDestination: log.stream, verifyToken: async () => ({ roles: [] }) });
    base = `http://127.0.0.1:${await gateway.start(0)}`;
  });

  afterAll(async () => {
    await gateway.stop();
    await closeServer(service);
  });

  it('when a call carries a token and cookies, then its request log has them redacted', async () => {
    const response = await fetch(`${base}/users`, {
      method: 'POST',
      headers: { authorization: 'Bearer secret-token-123', cookie: 'session=cookie-secret-456' },
    });
    await response.text();
    // pino-http writes the line when the response finishes, which may come just after the client read it.
    for (let i = 0; i < 50 && !log.lines.some((line) => line.includes('request completed')); i++) await new Promise((r) => setTimeout(r, 20));
    const completed = log.lines.find((line) => line.includes('request completed'));
    expect(completed).toBeDefined();
    const entry = JSON.parse(completed!) as { req: { headers: Record<string, string> } };
    expect(entry.req.headers.authorization).toBe('[redacted]');
    expect(entry.req.headers.cookie).toBe('[redacted]');
    expect(log.lines.join('\n')).not.toMatch(/secret-token-123|cookie-secret-456/);
  });
});
