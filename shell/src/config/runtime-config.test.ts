import { loadConfig } from './runtime-config';
import { defaultManifest } from '../test/test-platform';

/** A fetch answering with this status and body (jsdom has no Response). */
const answering = (status: number, body: unknown, json = async () => body) => (async () => ({ ok: status < 400, status, json })) as unknown as typeof fetch;

describe('runtime config', () => {
  it('when config.json is the portal manifest, then it is used, the gateway without its trailing slash', async () => {
    const manifest = { ...defaultManifest(), gatewayUrl: 'https://api.example/' };
    const result = await loadConfig(answering(200, manifest));
    expect(result.ok && result.config.gatewayUrl).toBe('https://api.example');
    expect(result.ok && result.config.areas.map((area) => area.name)).toEqual(['mfe_public', 'mfe_learning', 'mfe_rewards', 'mfe_admin', 'mfe_family']);
  });

  it('when config.json is missing, then the problem is reported, not thrown', async () => {
    expect(await loadConfig(answering(404, {}))).toEqual({ ok: false, problems: ['/config.json answered HTTP 404'] });
  });

  it('when config.json is not JSON, then the problem is reported', async () => {
    const result = await loadConfig(answering(200, undefined, async () => JSON.parse('<html>')));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toMatch(/^\/config.json could not be read/);
  });

  it('when config.json has the old shape (remotes, no areas), then the problem names the missing field', async () => {
    const result = await loadConfig(answering(200, { gatewayUrl: 'http://localhost:4000', keycloak: { url: 'http://k', realm: 'r', clientId: 'c' }, remotes: { mfe_public: 'x' } }));
    expect(result).toEqual({ ok: false, problems: [expect.stringMatching(/^areas: /)] });
  });
});
