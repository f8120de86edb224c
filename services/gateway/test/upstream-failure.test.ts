import { createServer, type Server } from 'node:http';
import { buildGateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { closeServer, listenLocal, withHealthz } from './support';

/** How the client's call ended: a status and body, or the error that broke it (a stall shows as TimeoutError). */
async function outcome(url: string, init: RequestInit = {}): Promise<{ status?: number; body?: string; error?: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(3000) });
    try {
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: response.status, error: (error as Error).name };
    }
  } catch (error) {
    return { error: (error as Error).name };
  }
}

describe('gateway when a service breaks off its answer', () => {
  let service: Server;
  let gateway: ReturnType<typeof buildGateway>;
  let base: string;

  beforeAll(async () => {
    // Promises 1000 bytes, sends 10, then resets the connection (a crashed or killed service).
    service = createServer(
      withHealthz((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"lessons"');
      setTimeout(() => res.socket?.resetAndDestroy(), 20);
      }),
    );
    const config = gatewayConfigSchema.parse({ PORT: 0, CONTENT_URL: await listenLocal(service) });
    gateway = buildGateway(config, undefined, { verifyToken: async () => ({ roles: [] }) });
    base = `http://127.0.0.1:${await gateway.start(0)}`;
  });

  afterAll(async () => {
    await gateway.stop();
    await closeServer(service);
  });

  it('when a cacheable GET is reset mid-body, then the client gets 502 with a message, not a hang', async () => {
    const result = await outcome(`${base}/lessons`);
    expect(result.status).toBe(502);
    expect(JSON.parse(result.body ?? '{}')).toEqual({ error: 'BadGateway', message: 'The content service is not available right now. Please try again.' });
  });

  it('when a streamed answer is reset after its headers went out, then the client connection is closed promptly', async () => {
    const started = Date.now();
    const result = await outcome(`${base}/users`, { method: 'POST', body: '{}' });
    expect(result.error).toBeDefined();
    expect(result.error).not.toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('when the gateway answered 502, then it keeps serving the next calls', async () => {
    expect((await outcome(`${base}/lessons`)).status).toBe(502);
    expect((await outcome(`${base}/nope`)).status).toBe(404);
  });
});
