import http, { createServer, type Server } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import express from 'express';
import pino from 'pino';
import { buildGateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { closeServer, listenLocal } from './support';

// The edge compresses what it sends (a child's phone on a slow line pays for every byte);
// the services behind it are asked for plain bodies so that one cached copy serves every caller.
describe('gateway compression', () => {
  const lessons = Array.from({ length: 40 }, (_, i) => ({ id: `lesson-${i}`, heading: `Lesson ${i}`, parts: [{ name: 'Part 1', url: 'https://youtu.be/abc' }] }));
  const seenEncodings: (string | undefined)[] = [];
  let service: Server;
  let gateway: ReturnType<typeof buildGateway>;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.get('/readyz', (_req, res) => void res.json({ ok: true }));
    app.get('/lessons', (req, res) => {
      seenEncodings.push(req.headers['accept-encoding']);
      res.setHeader('Cache-Control', req.query.cached ? 'public, max-age=0, s-maxage=30' : 'no-store');
      res.json(lessons);
    });
    app.get('/lessons/tiny', (_req, res) => void res.json({ ok: true }));
    service = createServer(app);
    const contentUrl = await listenLocal(service);
    const config = gatewayConfigSchema.parse({ PORT: 0, CONTENT_URL: contentUrl });
    gateway = buildGateway(config, pino({ level: 'silent' }), { verifyToken: async () => ({ roles: [] }) });
    base = `http://127.0.0.1:${await gateway.start(0)}`;
  });
  afterAll(async () => {
    await gateway.stop();
    await closeServer(service);
  });

  /** A raw GET with the given Accept-Encoding (fetch would decode the body and hide how it came). */
  const rawGet = (path: string, encoding: string) =>
    new Promise<{ encoding?: string; vary?: string; cache?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, cache: res.headers['x-cache'] as string | undefined, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });

  it('when a client accepts gzip or brotli, then a JSON answer over 1 KB comes compressed and decodes to the same list', async () => {
    const gz = await rawGet('/lessons', 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(lessons);
    const br = await rawGet('/lessons', 'br');
    expect(br.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(lessons);
    expect(br.body.length).toBeLessThan(JSON.stringify(lessons).length / 3);
    // Cached at the edge (plain) and compressed on the way out, hit or miss.
    const miss = await rawGet('/lessons?cached=1', 'gzip');
    const hit = await rawGet('/lessons?cached=1', 'gzip');
    expect([miss.encoding, hit.encoding]).toEqual(['gzip', 'gzip']);
    expect(JSON.parse(gunzipSync(hit.body).toString())).toEqual(lessons);
    // A hit is compressed once per encoding and that copy reused; each variant says it varies by encoding.
    const hits = [await rawGet('/lessons?cached=1', 'br'), await rawGet('/lessons?cached=1', 'br'), await rawGet('/lessons?cached=1', 'identity')];
    expect(hits.map((h) => [h.cache, h.encoding])).toEqual([['HIT', 'br'], ['HIT', 'br'], ['HIT', undefined]]);
    expect(JSON.parse(brotliDecompressSync(hits[0]!.body).toString())).toEqual(lessons);
    expect(hits[1]!.body.equals(hits[0]!.body)).toBe(true);
    expect(JSON.parse(hits[2]!.body.toString())).toEqual(lessons);
    for (const h of [hit, ...hits]) expect(h.vary).toMatch(/Accept-Encoding/i);
    // The service itself was never asked to compress: it is asked for the plain body.
    expect(seenEncodings.length).toBeGreaterThan(0);
    expect(seenEncodings.every((encoding) => encoding === 'identity')).toBe(true);
  });

  it('when a client accepts no compression, or the answer is small, then it comes plain', async () => {
    const plain = await rawGet('/lessons', 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(lessons);
    const tiny = await rawGet('/lessons/tiny', 'gzip');
    expect(tiny.encoding).toBeUndefined();
  });
});
