import express from 'express';
import request from 'supertest';
import { edgeForwarding } from '../src/forwarded';

/** What a service behind the gateway would see as X-Forwarded-For. */
function edge(trustedProxies?: string[]) {
  const app = express();
  app.use(edgeForwarding(trustedProxies));
  app.get('/', (req, res) => void res.json({ forwardedFor: req.headers['x-forwarded-for'], forwarded: req.headers.forwarded ?? null }));
  return app;
}

describe('edgeForwarding', () => {
  it('when the gateway is the edge (no trusted proxy), then the client is the socket address, whatever the caller claims', async () => {
    const res = await request(edge()).get('/').set('x-forwarded-for', '203.0.113.7').set('forwarded', 'for=203.0.113.8').expect(200);
    expect(res.body).toEqual({ forwardedFor: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/), forwarded: null });
  });

  it('when the TLS proxy in front is trusted, then the client is the address the proxy added (each visitor keeps their own rate limits)', async () => {
    const res = await request(edge(['loopback'])).get('/').set('x-forwarded-for', '203.0.113.7').expect(200);
    expect(res.body.forwardedFor).toBe('203.0.113.7');
  });

  it('when a caller behind the trusted proxy prepends addresses of its own, then only the hop the proxy added counts', async () => {
    const res = await request(edge(['loopback'])).get('/').set('x-forwarded-for', '198.51.100.1, 203.0.113.7').expect(200);
    expect(res.body.forwardedFor).toBe('203.0.113.7');
  });

  it('when the peer is not the trusted proxy, then its X-Forwarded-For is ignored', async () => {
    const res = await request(edge(['10.9.8.7'])).get('/').set('x-forwarded-for', '203.0.113.7').expect(200);
    expect(res.body.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });
});
