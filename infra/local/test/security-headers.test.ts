import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStaticServer, policies } from '../src/static-server';
import { composePage, formatFirstScreen, MARKERS, parseFirstScreen } from '../src/first-screen';
import { localManifest, portalAreas } from '../src/portal-manifest';
import { visitorMenu } from '../src/portal-page';
import {
  answerKind,
  FILE_POLICY,
  formatInlineHashes,
  gamePolicy,
  hashSource,
  INLINE_HASHES_FILE,
  inlineHashesOf,
  mergeInlineHashes,
  parseInlineHashes,
  portalPagePolicy,
  REFERRER_POLICY,
  securityHeaders,
  SSO_CALLBACK_POLICY,
  type AnswerKind,
  type PortalManifest,
} from '../src/security-headers';

const repoRoot = path.resolve(__dirname, '../../..');
const dockerDir = path.join(repoRoot, 'infra/docker');
const manifest = localManifest();
const hashes = { scripts: [hashSource('run()'), hashSource('go()')], styles: [hashSource('a{b:c}')] };

/** The sources a policy gives one directive. */
function directive(policy: string, name: string): string[] | undefined {
  const found = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([directiveName]) => directiveName === name);
  return found?.slice(1);
}

describe('the portal page policy', () => {
  const policy = portalPagePolicy(manifest, hashes);

  it('when made from the local manifest, then scripts come only from the shell, the remotes and the hashed inline scripts', () => {
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'http://localhost:3004', 'http://localhost:3005', ...hashes.scripts]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", ...hashes.styles]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
  });

  it('when made from the local manifest, then the gateway, Keycloak, the videos and the game are reachable and nothing may frame the page', () => {
    expect(directive(policy, 'connect-src')).toEqual(expect.arrayContaining(['http://localhost:4000', 'http://localhost:8080', 'http://localhost:3001']));
    expect(directive(policy, 'img-src')).toEqual(expect.arrayContaining(['data:', 'blob:', 'http://localhost:4000', 'http://localhost:3001']));
    expect(directive(policy, 'frame-src')).toEqual(expect.arrayContaining(["'self'", 'http://localhost:8080', 'https://www.youtube-nocookie.com', 'http://localhost:3002']));
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
  });

  it('when the manifest names a third-party game, relative URLs and one origin twice, then the game may be framed and each origin is named once', () => {
    const area = (name: string, entry: string) => ({ name, entry, roles: ['visitor'], routes: [{ path: `/${name}` }] });
    const other: PortalManifest = {
      gatewayUrl: 'HTTPS://API.Example:443/v1',
      keycloak: { url: 'https://id.example/auth' },
      gameUrl: 'https://games.example/maths?level=3',
      areas: [area('mfe_public', '/remotes/public/remoteEntry.js'), area('mfe_learning', 'https://cdn.example/l/remoteEntry.js'), area('mfe_admin', 'https://cdn.example/a/remoteEntry.js')],
    };
    const made = portalPagePolicy(other, { scripts: [], styles: [] });
    expect(directive(made, 'script-src')).toEqual(["'self'", 'https://cdn.example']);
    expect(directive(made, 'connect-src')).toEqual(["'self'", 'https://api.example', 'https://id.example', 'https://cdn.example']);
    expect(directive(made, 'frame-src')).toEqual(["'self'", 'https://id.example', 'https://www.youtube-nocookie.com', 'https://cdn.example', 'https://games.example']);
  });
});

describe('inline hashes of a page', () => {
  it('when a page has inline scripts and styles, then each is hashed once and script files are left to script-src', () => {
    const html = '<html><head><style>a{b:c}</style><link rel="preload" as="script" href="/main.js"></head><body><script>run()</script><script src="/x.js"></script><script>go()</script><script>run()</script></body></html>';
    expect(inlineHashesOf(html)).toEqual(hashes);
  });

  it('when the hashes are written and read back (the file the shell build leaves beside index.html), then they are the same', () => {
    expect(parseInlineHashes(formatInlineHashes(hashes))).toEqual(hashes);
  });

  it.each([
    ['a style attribute', '<div style="color:red">x</div>'],
    ['an inline event handler', '<img src="a.svg" onerror="run()">'],
    ['a javascript: URL', '<a href="javascript:run()">x</a>'],
  ])('when a page has %s, then hashing it fails (no hash can allow it)', (_case, html) => {
    expect(() => inlineHashesOf(`<html><body>${html}</body></html>`)).toThrow('Content-Security-Policy');
  });

  it('when a page has a data attribute whose name ends in style, then it is not taken for a style attribute', () => {
    expect(() => inlineHashesOf('<style data-prerendered-remote-style="mfe_public">a{b:c}</style>')).not.toThrow();
  });
});

describe('which answer is which', () => {
  it.each<[string, AnswerKind]>([
    ['/', 'portal-page'],
    ['/index.html', 'portal-page'],
    ['/my-classes', 'portal-page'],
    ['/authentication/registration', 'portal-page'],
    ['/silent-check-sso.html', 'sso-callback'],
    ['/game/index.html', 'game'],
    ['/game/', 'game'],
    ['/games', 'portal-page'],
    ['/main.1a2b3c4d.js', 'file'],
    ['/remoteEntry.js', 'file'],
    ['/config.json', 'file'],
    ['/silent-check-sso.js', 'file'],
    ['/images/abacus.svg', 'file'],
  ])('when %s is asked for, then it is a %s', (pathname, kind) => {
    expect(answerKind(pathname)).toBe(kind);
  });
});

describe('the local static server', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kl-headers-'));
    mkdirSync(path.join(dir, 'game'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><p>portal</p>');
    writeFileSync(path.join(dir, 'silent-check-sso.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'game/index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'main.aaaaaaaa.js'), 'run()');
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify(manifest));
    writeFileSync(path.join(dir, INLINE_HASHES_FILE), formatInlineHashes(hashes));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function headersOf(paths: string[], single = true): Promise<Record<string, Record<string, string | null>>> {
    const server = createStaticServer({ dir, port: 0, host: '127.0.0.1', single, cors: false, portalOrigin: 'http://portal.test' });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result: Record<string, Record<string, string | null>> = {};
      for (const pathname of paths) {
        const response = await fetch(`${base}${pathname}`);
        await response.arrayBuffer();
        result[pathname] = Object.fromEntries(['content-security-policy', 'referrer-policy', 'x-content-type-options'].map((name) => [name, response.headers.get(name)]));
      }
      return result;
    } finally {
      server.close();
    }
  }
  const expected = (policy: string) => ({ 'content-security-policy': policy, 'referrer-policy': REFERRER_POLICY, 'x-content-type-options': 'nosniff' });

  it('when the shell’s build is served, then every answer carries the headers of its kind, the page’s policy made from config.json and the build’s hashes', async () => {
    const page = portalPagePolicy(manifest, hashes);
    expect(await headersOf(['/', '/my-classes', '/silent-check-sso.html', '/game/index.html', '/main.aaaaaaaa.js', '/config.json', '/missing.js'])).toEqual({
      '/': expected(page),
      '/my-classes': expected(page),
      '/silent-check-sso.html': expected(SSO_CALLBACK_POLICY),
      '/game/index.html': expected(gamePolicy('http://portal.test')),
      '/main.aaaaaaaa.js': expected(FILE_POLICY),
      '/config.json': expected(FILE_POLICY),
      '/missing.js': expected(FILE_POLICY),
    });
  });

  it('when config.json changes while the server runs, then the page’s policy follows it', async () => {
    const before = await headersOf(['/']);
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ ...manifest, gatewayUrl: 'https://api.example' }));
    const after = await headersOf(['/']);
    expect(before['/']!['content-security-policy']).toContain('http://localhost:4000');
    expect(after['/']!['content-security-policy']).toContain('https://api.example');
  });

  it('when a build without config.json (a remote) is served, then even a page gets the strictest policy', () => {
    rmSync(path.join(dir, 'config.json'));
    expect(policies({ dir, portalOrigin: 'http://portal.test' })('portal-page')).toBe(FILE_POLICY);
  });
});

describe('nginx (infra/docker) in step with the local static server', () => {
  const conf = readFileSync(path.join(dockerDir, 'nginx-static.conf'), 'utf8');
  /** Each location's security headers, keyed by its match (`= /x`, `~ "…"`, `/`). */
  const locations = Object.fromEntries(
    [...conf.matchAll(/location\s+(?:(?:=|~\*?)\s+)?("[^"]*"|[^\s{]+)\s*\{([\s\S]*?)\n\s*\}/g)].map(([, match, body]) => [
      match!.replace(/^"|"$/g, ''),
      Object.fromEntries(
        [...body!.matchAll(/add_header\s+(Content-Security-Policy|Referrer-Policy|X-Content-Type-Options)\s+("([^"]*)"|(\S+))\s+always;/g)].map(([, name, , quoted, bare]) => [name, quoted ?? bare]),
      ),
    ]),
  );
  const set = (variable: string) => new RegExp(`set \\$${variable} "([^"]*)";`).exec(conf)?.[1];

  it.each<[string, AnswerKind, string]>([
    ['/silent-check-sso.html', 'sso-callback', SSO_CALLBACK_POLICY],
    ['/game/index.html', 'game', gamePolicy('$kidslearn_portal_origin')],
    ['[./][0-9a-f]{8,}\\.(js|css|svg|png|jpe?g|webp|woff2?)$', 'file', FILE_POLICY],
    ['\\.html$', 'portal-page', '$kidslearn_page_policy'],
    ['/', 'file', FILE_POLICY],
  ])('when nginx answers %s, then it sends the headers the static server sends for a %s', (location, _kind, policy) => {
    expect(locations[location]).toEqual(securityHeaders(policy));
  });

  it('when no start hook has run, then a page gets the strictest policy and the game may be framed by the local portal only (as locally)', () => {
    expect(set('kidslearn_page_policy')).toBe(FILE_POLICY);
    expect(set('kidslearn_portal_origin')).toBe('http://localhost:3000');
  });

  async function runHook(script: string, env: Record<string, string>, files: Record<string, string> = {}): Promise<{ dir: string; includes: string }> {
    const dir = mkdtempSync(path.join(tmpdir(), 'kl-nginx-'));
    writeFileSync(path.join(dir, INLINE_HASHES_FILE), formatInlineHashes(hashes));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const includes = path.join(dir, 'includes');
    // Not execFileSync: the first screen the hook fetches is served by this process.
    await promisify(execFile)('sh', [path.join(dockerDir, script)], { cwd: dir, env: { PATH: process.env.PATH, KIDSLEARN_HTML_DIR: dir, KIDSLEARN_NGINX_INCLUDE_DIR: includes, ...env } });
    return { dir, includes };
  }

  const template = `<!doctype html><html><head><style>a{b:c}</style>${MARKERS.style}</head><body><ul class="menu menu-wide">${MARKERS.menu}</ul><section>${MARKERS.area}</section><script>run()</script></body></html>`;
  const firstScreenFile = formatFirstScreen({
    style: '<style data-prerendered-remote-style="mfe_public">.x{color:red}</style>',
    markup: '<div data-prerendered-remote="mfe_public"><h1>Hero &amp; friends</h1></div>',
    hashes: { scripts: [], styles: [hashSource('.x{color:red}')] },
  });

  /** Serves the first screen as mfe-public does, for the hook to fetch. */
  async function serveFirstScreen(): Promise<{ url: string; close: () => void }> {
    const server = http.createServer((_req, res) => res.end(firstScreenFile));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/first-screen.html`, close: () => server.close() };
  }

  it.each([
    ['no public origin (remotes on the page’s own origin, the rest on the local ports)', {}],
    ['the one public origin of compose', { PUBLIC_URL: 'https://Learn.Example/' }],
    ['another deployment', { GATEWAY_URL: 'HTTPS://API.Example:443/v1', KEYCLOAK_URL: 'https://id.example/auth', GAME_URL: 'https://games.example/play', PUBLIC_URL: 'https://cdn.example' }],
  ])('when shell-config.sh runs with %s, then it writes the manifest of the portal’s areas, fills the page as the local server does and hands nginx the same policy', async (_case, env) => {
    const screen = await serveFirstScreen();
    const run = runHook('shell-config.sh', { ...env, KIDSLEARN_AREAS: path.join(repoRoot, 'infra/areas.json'), KIDSLEARN_FIRST_SCREEN_URL: screen.url }, { 'index.html': template });
    const { dir, includes } = await run.finally(screen.close);
    try {
      const written = JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')) as PortalManifest;
      const portal = ('PUBLIC_URL' in env ? env.PUBLIC_URL : '').replace(/\/$/, '');
      expect(written.areas).toEqual(portalAreas().map((area) => ({ ...area, entry: `${portal}/mfe/${area.name.replace(/^mfe_/, '')}/remoteEntry.js` })));
      const first = parseFirstScreen(firstScreenFile)!;
      expect(readFileSync(path.join(dir, 'index.html'), 'utf8').trimEnd()).toBe(composePage(template, { firstScreen: first, menu: visitorMenu(written) }));
      // The build's page is kept, so a restart fills it again.
      expect(readFileSync(path.join(dir, 'index.template.html'), 'utf8')).toBe(template);
      const include = readFileSync(path.join(includes, 'page-policy.conf'), 'utf8');
      expect(include).toBe(`set $kidslearn_page_policy "${portalPagePolicy(written, mergeInlineHashes(hashes, first.hashes))}";\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when shell-config.sh is given a manifest (the Helm chart’s, pretty-printed), then it uses that one and writes none', async () => {
    const given = { ...manifest, gameUrl: 'https://games.example/play' };
    const { dir, includes } = await runHook('shell-config.sh', { KIDSLEARN_CONFIG: 'given.json' }, { 'index.html': template, 'given.json': JSON.stringify(given, null, 2) });
    try {
      expect(readFileSync(path.join(dir, 'index.html'), 'utf8').trimEnd()).toBe(composePage(template, { menu: visitorMenu(given) }));
      expect(readFileSync(path.join(includes, 'page-policy.conf'), 'utf8')).toBe(`set $kidslearn_page_policy "${portalPagePolicy(given, hashes)}";\n`);
      expect(() => readFileSync(path.join(dir, 'config.json'))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when portal-origin.sh runs, then the game may be framed by PORTAL_URL’s origin', async () => {
    const { dir, includes } = await runHook('portal-origin.sh', { PORTAL_URL: 'https://Portal.example:443/' });
    try {
      expect(readFileSync(path.join(includes, 'portal-origin.conf'), 'utf8')).toBe('set $kidslearn_portal_origin "https://portal.example";\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
