import type { Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import { buildGateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';

/** Stand-in services on real sockets: each echoes which service answered, the path and the body. */
async function startEchoService(name: string): Promise<{ url: string; server: Server }> {
  const app = express();
  app.set('trust proxy', 1); // as every service (lib-http createApp)
  app.use(express.json());
  app.get('/readyz', (_req, res) => {
    res.json({ status: 'up' });
  });
  app.use((req, res) => {
    res.json({
      service: name,
      method: req.method,
      url: req.originalUrl,
      body: req.body,
      requestId: req.headers['x-request-id'],
      testNow: req.headers['x-test-now'],
      forwardedFor: req.headers['x-forwarded-for'],
      ip: req.ip,
    });
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, () => resolve(listening));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- echo bodies are free-form JSON
const json = async (response: Response): Promise<any> => response.json();

describe('gateway', () => {
  const services: Record<string, { url: string; server: Server }> = {};
  let gateway: ReturnType<typeof buildGateway>;
  let base: string;

  beforeAll(async () => {
    for (const name of ['content', 'quiz', 'gems']) services[name] = await startEchoService(name);
    const config = gatewayConfigSchema.parse({
      PORT: 0,
      CONTENT_URL: services.content!.url,
      QUIZ_URL: services.quiz!.url,
      GEMS_URL: services.gems!.url,
      GIFTS_URL: 'http://127.0.0.1:9', // nothing listens: the gifts service is "down"
      HEALTH_TIMEOUT_MS: '500',
    });
    gateway = buildGateway(config, pino({ level: 'silent' }));
    base = `http://127.0.0.1:${await gateway.start(0)}`;
  });

  afterAll(async () => {
    await gateway.stop();
    await Promise.all(Object.values(services).map(({ server }) => new Promise((resolve) => server.close(resolve))));
  });

  it('when a SPEC path is called, then the owning service answers with the full path and query', async () => {
    const response = await fetch(`${base}/users/email?email=kid%40example.com`);
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ service: 'content', url: '/users/email?email=kid%40example.com' });
    const standings = await json(await fetch(`${base}/standings/lesson-1`));
    expect(standings).toMatchObject({ service: 'quiz', url: '/standings/lesson-1' });
  });

  it('when a JSON body is posted, then it reaches the service unchanged', async () => {
    const payload = { cost: 3, note: 'ünïcode ✓' };
    const response = await fetch(`${base}/gems/kid@example.com/deduct`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(await json(response)).toMatchObject({ service: 'gems', method: 'PATCH', body: payload });
  });

  it('when the caller sends a request id, then the service sees it and the response echoes it', async () => {
    const response = await fetch(`${base}/lessons`, { headers: { 'x-request-id': 'req-abc-123' } });
    expect(response.headers.get('x-request-id')).toBe('req-abc-123');
    expect((await json(response)).requestId).toBe('req-abc-123');
  });

  it('when no or a malformed request id is sent, then the gateway makes one and passes it on', async () => {
    const response = await fetch(`${base}/lessons`, { headers: { 'x-request-id': 'bad id with spaces' } });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await json(response)).requestId).toBe(id);
  });

  it('when the portal sends a CORS preflight, then it is allowed; another origin gets no CORS grant', async () => {
    const allowed = await fetch(`${base}/redemptions`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,idempotency-key' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    const other = await fetch(`${base}/lessons`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when a test sets the clock (X-Test-Now), then the header reaches the service and the portal may send it cross-origin', async () => {
    const response = await fetch(`${base}/daily-review`, { headers: { 'x-test-now': '2026-03-03T12:00:00Z' } });
    expect(await json(response)).toMatchObject({ service: 'quiz', url: '/daily-review', testNow: '2026-03-03T12:00:00Z' });
    const posted = await fetch(`${base}/practice-results`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-test-now': '2026-03-04T00:00:00Z' }, body: '{}' });
    expect(await json(posted)).toMatchObject({ service: 'quiz', testNow: '2026-03-04T00:00:00Z' });
    const preflight = await fetch(`${base}/daily-review/answers`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-test-now' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-test-now');
  });

  it('when a service is down, then the call gets 502 with a message the UI can show', async () => {
    const response = await fetch(`${base}/redemptions`);
    expect(response.status).toBe(502);
    expect(await json(response)).toEqual({ error: 'BadGateway', message: 'The gifts service is not available right now. Please try again.' });
  });

  it('when /healthz is asked, then it reports every dependency and 503 while one is down', async () => {
    const response = await fetch(`${base}/healthz`);
    const body = await json(response);
    expect(response.status).toBe(503);
    expect(body.dependencies.content.status).toBe('up');
    expect(body.dependencies.quiz.status).toBe('up');
    expect(body.dependencies.gems.status).toBe('up');
    expect(body.dependencies.gifts.status).toBe('down');
  });

  it('when an unknown route is called, then 404 with a message', async () => {
    const response = await fetch(`${base}/nope`);
    expect(response.status).toBe(404);
    expect((await json(response)).message).toBe('The requested resource was not found.');
  });

  it('when a caller sends X-Forwarded-For, then the service sees only the socket address the gateway saw', async () => {
    const body = await json(await fetch(`${base}/users/email`, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1', forwarded: 'for=203.0.113.8' } }));
    expect(body.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(body.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    const anonymous = await json(await fetch(`${base}/lessons`, { headers: { 'x-forwarded-for': '203.0.113.9' } }));
    expect(anonymous.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('when a path has a malformed % escape, then the gateway answers 400 and forwards nothing', async () => {
    const response = await fetch(`${base}/users/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: 'BadRequest', message: 'The address is not valid (it has a broken % escape).' });
    expect((await fetch(`${base}/openapi/%zz.json`)).status).toBe(400);
  });

  it('when a service OpenAPI document is asked, then the service gets /openapi.json', async () => {
    expect(await json(await fetch(`${base}/openapi/quiz.json`))).toMatchObject({ service: 'quiz', url: '/openapi.json' });
  });
});
