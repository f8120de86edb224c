import request from 'supertest';
import { z } from 'zod';
import { AppError, createLogger } from '@kidslearn/lib-core';
import { createApp, finishApp, serveOpenApi, validate, validInput } from '../src';

const logger = createLogger('test', 'silent');

function buildApp(readiness: Record<string, () => Promise<void>> = {}) {
  const app = createApp({ name: 'test', logger, readiness, bodyLimit: '1kb' });
  const schemas = { params: z.object({ id: z.string().regex(/^\d+$/, 'must be digits') }), body: z.object({ name: z.string().min(1), age: z.number().int() }) };
  app.post('/things/:id', validate(schemas), (req, res) => {
    const { body, params } = validInput(req, schemas);
    res.status(201).json({ id: params.id, name: body.name });
  });
  app.get('/app-error', () => {
    throw AppError.conflict('Already there', { field: 'email' });
  });
  app.get('/crash', () => {
    throw new Error('secret database password in stack');
  });
  app.get('/zod', () => {
    z.object({ email: z.email() }).parse({ email: 'x' });
  });
  serveOpenApi(app, { openapi: '3.1.0' });
  return finishApp(app);
}

describe('createApp / finishApp', () => {
  it('when the input is valid, then the handler gets the parsed values', async () => {
    const res = await request(buildApp()).post('/things/7').send({ name: 'Lina', age: 8 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: '7', name: 'Lina' });
  });

  it('when the input is invalid, then 400 names each bad field', async () => {
    const res = await request(buildApp()).post('/things/x').send({ name: '', age: 'eight' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('params.id: must be digits');
    expect(res.body.message).toContain('body.name:');
    expect(res.body.message).toContain('body.age:');
    expect(res.body.error).toBe(res.body.message);
    expect(res.body.details).toHaveLength(3);
  });

  it('when the body is not JSON, then 400', async () => {
    const res = await request(buildApp()).post('/things/1').set('content-type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Request body is not valid JSON');
  });

  it('when the body is over the limit, then 413', async () => {
    const res = await request(buildApp()).post('/things/1').send({ name: 'x'.repeat(2000), age: 1 });
    expect(res.status).toBe(413);
  });

  it('when a handler throws an AppError, then its status and message are sent', async () => {
    const res = await request(buildApp()).get('/app-error');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Already there', message: 'Already there', code: 'conflict', details: { field: 'email' } });
  });

  it('when a handler throws a ZodError, then 400 with a readable message', async () => {
    const res = await request(buildApp()).get('/zod');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^email: /);
  });

  it('when a handler crashes, then 500 "Internal error" without internals', async () => {
    const res = await request(buildApp()).get('/crash');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Internal error', message: 'Internal error', code: 'internal' });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('when the route is unknown, then 404', async () => {
    expect((await request(buildApp()).get('/nope')).status).toBe(404);
  });

  it('when a request id comes in, then it is echoed; else one is made', async () => {
    const app = buildApp();
    expect((await request(app).get('/healthz').set('x-request-id', 'abc-123')).headers['x-request-id']).toBe('abc-123');
    expect((await request(app).get('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when responding, then security headers are set', async () => {
    const res = await request(buildApp()).get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.body).toEqual({ status: 'ok', service: 'test' });
  });

  it('when a readiness check fails, then /readyz answers 503 naming it', async () => {
    const app = buildApp({ db: async () => undefined, broker: async () => Promise.reject(new Error('down')) });
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', checks: { db: 'ok', broker: 'failing' } });
  });

  it('when asked for /openapi.json, then the document is served', async () => {
    expect((await request(buildApp()).get('/openapi.json')).body).toEqual({ openapi: '3.1.0' });
  });
});

describe('createApp: whose X-Forwarded-For is believed', () => {
  const clientIp = (trustProxy?: string) => {
    const app = createApp({ name: 'test', logger, trustProxy });
    app.get('/ip', (req, res) => void res.json({ ip: req.ip }));
    return finishApp(app);
  };

  it('when the gateway (on loopback, the default) forwards a client, then req.ip is that client', async () => {
    const res = await request(clientIp()).get('/ip').set('x-forwarded-for', '203.0.113.9').expect(200);
    expect(res.body.ip).toBe('203.0.113.9');
  });

  it('when a caller that is not the gateway forges X-Forwarded-For, then req.ip is the caller\'s own address (a forged header cannot reset a limit)', async () => {
    const res = await request(clientIp('10.9.8.7')).get('/ip').set('x-forwarded-for', '203.0.113.9').expect(200);
    expect(res.body.ip).toMatch(/127\.0\.0\.1|::1/);
  });
});
