import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cacheControlFor, createStaticServer, parseArgs } from '../src/static-server';

describe('the local static server', () => {
  it.each(['/main.861c5fad.js', '/470.24724c10.js', '/7518e5fc5bb8fa9c0995.svg'])('when %s is asked for (content-hashed), then it may be cached for a year', (path) => {
    expect(cacheControlFor(path)).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/about', '/remoteEntry.js', '/config.json', '/Faq.json', '/content/features.json', '/images/abacus.svg', '/logo.svg'])(
    'when %s is asked for (same name, new content after a deploy), then it is revalidated each time',
    (path) => {
      expect(cacheControlFor(path)).toBe('no-cache');
    },
  );

  it('when started for a remote, then it reads the folder, port and flags', () => {
    expect(parseArgs(['dist', '--port', '3001', '--cors'])).toMatchObject({ port: 3001, host: '127.0.0.1', single: false, cors: true });
    expect(() => parseArgs(['dist'])).toThrow('--port');
  });

  it('when PORTAL_URL is set, then the game may be framed by its origin (else by the local portal)', () => {
    expect(parseArgs(['dist', '--port', '3002'], { PORTAL_URL: 'https://Portal.example/app/' }).portalOrigin).toBe('https://portal.example');
    expect(parseArgs(['dist', '--port', '3002'], {}).portalOrigin).toBe('http://localhost:3000');
  });

  it('when the build is replaced in place (new hashed names), then the running server serves the new files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kl-static-'));
    writeFileSync(path.join(dir, 'main.aaaaaaaa.js'), 'old');
    const server = createStaticServer({ dir, port: 0, host: '127.0.0.1', single: false, cors: false, portalOrigin: 'http://localhost:3000' });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/main.aaaaaaaa.js`)).status).toBe(200);
      rmSync(path.join(dir, 'main.aaaaaaaa.js'));
      writeFileSync(path.join(dir, 'main.bbbbbbbb.js'), 'new');
      const fresh = await fetch(`${base}/main.bbbbbbbb.js`);
      expect(fresh.status).toBe(200);
      expect(await fresh.text()).toBe('new');
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
