import http, { type Server } from 'node:http';
import { Writable } from 'node:stream';
import express from 'express';
import { createLogger } from '@kidslearn/lib-core';
import { accessLog, loggableUrl, requestId } from '../src';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

describe('accessLog', () => {
  const lines: Line[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
        done();
      },
    });
    const app = express();
    app.use(requestId());
    app.use(accessLog(createLogger('test', 'info', stream), { ignore: ['/healthz'], idOf: (req) => (req as express.Request).id }));
    app.get('/healthz', (_req, res) => void res.json({ ok: true }));
    app.get('/status/:code', (req, res) => void res.status(Number(req.params.code)).json({}));
    app.get('/status/:code/:who', (req, res) => void res.status(Number(req.params.code)).json({}));
    app.get('/hang', (_req, res) => void res.flushHeaders());
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const lineFor = async (id: string): Promise<Line | undefined> => {
    for (let i = 0; i < 50 && !lines.some((l) => l.reqId === id); i++) await new Promise((r) => setTimeout(r, 20));
    return lines.find((l) => l.reqId === id);
  };

  it.each([
    [200, 30],
    [404, 40],
    [503, 50],
  ])('when a call answers %i, then one line at level %i names it', async (code, level) => {
    const id = `call-${code}`;
    await (await fetch(`${base}/status/${code}?x=1`, { headers: { 'x-request-id': id } })).text();
    const line = await lineFor(id);
    expect(line).toMatchObject({ level, msg: 'request completed', method: 'GET', url: `/status/${code}?x=…`, status: code });
    expect(line!.ms).toBeGreaterThanOrEqual(0);
    expect(lines.filter((l) => l.reqId === id)).toHaveLength(1);
  });

  it('when the caller goes before the answer is done, then the line says aborted', async () => {
    await new Promise<void>((resolve) => {
      const req = http.get(`${base}/hang`, { headers: { 'x-request-id': 'gone-early' } }, () => {
        req.destroy();
        resolve();
      });
    });
    expect(await lineFor('gone-early')).toMatchObject({ level: 40, msg: 'request aborted', url: '/hang' });
  });

  it('when the URL carries a child\'s email in the path or personal data in the query, then the line has neither', async () => {
    await (await fetch(`${base}/status/200/kid.one@school.org?email=kid.two%40school.org&search=Rita`, { headers: { 'x-request-id': 'personal' } })).text();
    const line = await lineFor('personal');
    expect(line?.url).toBe('/status/200/[email]?email=…&search=…');
  });

  it('when a child\'s photo is asked for, then the line names the route, not the photo\'s id', async () => {
    expect(loggableUrl('/photos/0123abcd?size=2')).toBe('/photos/:id?size=…');
    expect(loggableUrl('/photos/0123abcd')).toBe('/photos/:id');
    expect(loggableUrl('/assets/content/owl.svg')).toBe('/assets/content/owl.svg');
  });

  it('when a path is ignored (health probes), then nothing is written', async () => {
    await (await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'probe-1' } })).text();
    await (await fetch(`${base}/status/200`, { headers: { 'x-request-id': 'after-probe' } })).text();
    await lineFor('after-probe');
    expect(lines.some((l) => l.reqId === 'probe-1')).toBe(false);
  });
});
