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

  it('when a call carries a token and cookies, then its one request line names the call and holds neither', async () => {
    const response = await fetch(`${base}/users?page=2`, {
      method: 'POST',
      headers: { authorization: 'Bearer secret-token-123', cookie: 'session=cookie-secret-456', 'x-request-id': 'trace-me-1' },
    });
    await response.text();
    // The line is written when the response is done, which may come just after the client read it.
    for (let i = 0; i < 50 && !log.lines.some((line) => line.includes('trace-me-1')); i++) await new Promise((r) => setTimeout(r, 20));
    const lines = log.lines.filter((line) => line.includes('trace-me-1'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'request completed', reqId: 'trace-me-1', method: 'POST', url: '/users?page=…', status: 200 });
    expect(log.lines.join('\n')).not.toMatch(/secret-token-123|cookie-secret-456/);
  });
});
