import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatFirstScreen, MARKERS } from '../src/first-screen';
import { localManifest } from '../src/portal-manifest';
import { createStaticServer } from '../src/static-server';
import { formatInlineHashes, hashSource, INLINE_HASHES_FILE, type PortalManifest } from '../src/security-headers';

const template = `<!doctype html><html><head><style>a{b:c}</style>${MARKERS.style}</head><body><ul class="menu menu-wide">${MARKERS.menu}</ul><section>${MARKERS.area}</section></body></html>`;
const screenOf = (title: string) =>
  formatFirstScreen({
    style: `<style data-prerendered-remote-style="mfe_public">.h{content:"${title}"}</style>`,
    markup: `<div data-prerendered-remote="mfe_public"><h1>${title}</h1></div>`,
    hashes: { scripts: [], styles: [hashSource(`.h{content:"${title}"}`)] },
  });

const etagOf = (text: string) => `"${Buffer.from(text).toString('base64').slice(-12)}"`;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the portal page served by the local static server (--portal)', () => {
  let dir: string;
  let published: string;
  let remote: http.Server;
  let portal: http.Server;
  let portalUrl: string;
  const asked: (string | undefined)[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kl-portal-'));
    writeFileSync(path.join(dir, 'index.html'), template);
    writeFileSync(path.join(dir, INLINE_HASHES_FILE), formatInlineHashes({ scripts: [], styles: [hashSource('a{b:c}')] }));
    published = screenOf('Hello');
    asked.length = 0;
    // mfe-public's server: first-screen.html with an ETag, 304 when it has not changed.
    remote = http.createServer((req, res) => {
      const etag = etagOf(published);
      asked.push(req.headers['if-none-match']);
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
      res.writeHead(200, { etag }).end(published);
    });
    const remoteUrl = await listen(remote);
    portal = createStaticServer({ dir, port: 0, host: '127.0.0.1', single: true, cors: false, portalOrigin: 'http://portal.test', portal: true });
    portalUrl = await listen(portal);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')) as PortalManifest;
    manifest.areas[0]!.entry = `${remoteUrl}/remoteEntry.js`;
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify(manifest));
  });
  afterEach(() => {
    portal.close();
    remote.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when started, then it writes the local runtime manifest beside the build', () => {
    portal.close();
    writeFileSync(path.join(dir, 'config.json'), '{}');
    createStaticServer({ dir, port: 0, host: '127.0.0.1', single: true, cors: false, portalOrigin: 'http://portal.test', portal: true });
    expect(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))).toEqual(localManifest());
  });

  it('when / is asked for, then the page carries the published first screen, the visitor’s menu and a policy allowing both builds’ inline code', async () => {
    const response = await fetch(`${portalUrl}/`);
    const page = await response.text();
    expect(page).toContain('<style data-prerendered-remote-style="mfe_public">.h{content:"Hello"}</style></head>');
    expect(page).toContain('<section><div data-prerendered-remote="mfe_public"><h1>Hello</h1></div></section>');
    expect(page).toContain('<ul class="menu menu-wide"><li><a href="/course-details">Course Details</a></li><li><a href="/my-classes">My Classes</a></li><li><a href="/avater">Avatar</a></li>');
    expect(page).not.toContain('Family');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`style-src 'self' ${hashSource('a{b:c}')} ${hashSource('.h{content:"Hello"}')};`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('when mfe-public publishes a new first screen, then the next page carries it, with no change to the shell', async () => {
    await (await fetch(`${portalUrl}/`)).text();
    await (await fetch(`${portalUrl}/`)).text();
    published = screenOf('Rebuilt');
    const page = await (await fetch(`${portalUrl}/`)).text();
    expect(page).toContain('<h1>Rebuilt</h1>');
    // Revalidated with the ETag it had: unchanged answers cost no transfer.
    expect(asked.slice(0, 2)).toEqual([undefined, etagOf(screenOf('Hello'))]);
  });

  it('when mfe-public is down, then the page still answers, without the first screen and without its hashes', async () => {
    remote.close();
    remote.closeAllConnections();
    const response = await fetch(`${portalUrl}/about`);
    const page = await response.text();
    expect(page).toContain(MARKERS.area);
    expect(response.headers.get('content-security-policy')).toContain(`style-src 'self' ${hashSource('a{b:c}')};`);
  });

  it('when config.json changes while the server runs (an area added or taken out), then it is answered in full, as it is now', async () => {
    const first = await (await fetch(`${portalUrl}/config.json`)).json();
    const shorter = { ...(first as PortalManifest), areas: (first as PortalManifest).areas.slice(0, 1) };
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify(shorter));
    expect(await (await fetch(`${portalUrl}/config.json`)).json()).toEqual(shorter);
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify(first, null, 2));
    const again = await fetch(`${portalUrl}/config.json`);
    expect(await again.json()).toEqual(first);
    expect(again.headers.get('cache-control')).toBe('no-cache');
  });

  it('when config.json is broken, then the page still answers with a policy that lets its scripts show what is wrong', async () => {
    writeFileSync(path.join(dir, 'config.json'), '{ "remotes": {} }');
    const response = await fetch(`${portalUrl}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(template);
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self';/);
  });
});
