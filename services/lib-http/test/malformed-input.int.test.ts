import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createLogger } from '@kidslearn/lib-core';
import { createApp, finishApp, listen, closeServer } from '../src';

const logger = createLogger('test', 'silent');
let server: Server;

/** A raw request: fetch would re-encode a bad escape before sending it. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: { message?: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const app = createApp({ name: 'malformed', logger });
  app.get('/standings/:lessonId', (req, res) => {
    res.json({ lessonId: req.params.lessonId });
  });
  app.get('/client-error', () => {
    throw Object.assign(new Error('Range Not Satisfiable'), { status: 416 });
  });
  app.get('/ip', (req, res) => {
    res.json({ ip: req.ip });
  });
  finishApp(app);
  server = await listen(app, 0, undefined, '127.0.0.1');
});
afterAll(() => closeServer(server));

describe('malformed input', () => {
  it('when a path parameter has a bad % escape, then 400 with a message, not 500', async () => {
    const reply = await get('/standings/%E0%A4%A');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toEqual(expect.any(String));
  });

  it('when an error carries a 4xx status without a message meant for clients, then that status is kept', async () => {
    expect((await get('/client-error')).status).toBe(416);
  });

  it('when a caller forges X-Forwarded-For behind one proxy, then only the hop the proxy added counts', async () => {
    // The proxy appended 127.0.0.2; a caller prepended loopback-looking hops to pose as someone else.
    const reply = await get('/ip', { 'x-forwarded-for': '203.0.113.9, 127.0.0.5, 127.0.0.2' });
    expect((reply.body as { ip: string }).ip).toBe('127.0.0.2');
  });
});
