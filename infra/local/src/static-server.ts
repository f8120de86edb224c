// Local static server for a frontend's production build (what `npm run serve -w <frontend>` starts):
// sirv with the pre-compressed .br/.gz files, the cache policy of infra/docker/nginx-static.conf and the
// security headers of security-headers.ts (the portal page's policy from the build's config.json).
//   node --import tsx ../infra/local/src/static-server.ts dist --port 3000 [--host 127.0.0.1] [--single] [--cors] [--portal]
// PORTAL_URL (default http://localhost:3000) is the origin that may frame mfe-learning's game.
// --portal (the shell): writes the local runtime manifest (portal-manifest.ts) to config.json at start, and
// answers the portal page put together from the shell's build, the published first screen and the manifest
// (portal-page.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { localManifest } from './portal-manifest';
import { createPortalPages } from './portal-page';
import {
  answerKind,
  FILE_POLICY,
  gamePolicy,
  INLINE_HASHES_FILE,
  originOf,
  parseInlineHashes,
  portalPagePolicy,
  securityHeaders,
  SSO_CALLBACK_POLICY,
  type AnswerKind,
  type PortalManifest,
} from './security-headers';

/** Content-hashed build files (`main.1a2b3c4d.js`, `7518e5fc5bb8fa9c0995.svg`) never change; the rest (HTML, remoteEntry.js, config, content) is revalidated. */
const HASHED = /[./][0-9a-f]{8,}\.(?:js|css|svg|png|jpe?g|webp|woff2?)$/;

export function cacheControlFor(pathname: string): string {
  return HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface StaticServerOptions {
  dir: string;
  port: number;
  host: string;
  /** Serve index.html for unknown paths (the shell's client-side routes). */
  single: boolean;
  /** Let any origin load the files (remotes are loaded by the shell from another origin). */
  cors: boolean;
  /** The portal page's origin, the one that may frame the game. */
  portalOrigin: string;
  /** Serve the portal page (the shell): config.json written at start, the page put together per answer. */
  portal?: boolean;
}

export function parseArgs(args: string[], env: NodeJS.ProcessEnv = process.env): StaticServerOptions {
  const value = (flag: string) => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const port = Number(value('--port'));
  if (!Number.isInteger(port) || port <= 0) throw new Error('static-server: --port <number> is required');
  const dir = args[0] && !args[0].startsWith('--') ? args[0] : 'dist';
  const portalOrigin = originOf(env.PORTAL_URL) ?? 'http://localhost:3000';
  return { dir: path.resolve(dir), port, host: value('--host') ?? '127.0.0.1', single: args.includes('--single'), cors: args.includes('--cors'), portalOrigin, portal: args.includes('--portal') };
}

/** sirv lists the build's files once; a rebuild in place (new hashed names) needs a fresh list. */
function buildVersion(dir: string): number {
  try {
    return statSync(dir).mtimeMs;
  } catch {
    return 0;
  }
}

/** The local runtime manifest beside the shell's build (a build carries none; a rebuild removes it). */
export function writeLocalManifest(dir: string, replace: boolean): void {
  const file = path.join(dir, 'config.json');
  if (replace || !existsSync(file)) writeFileSync(file, `${JSON.stringify(localManifest(), null, 2)}\n`);
}

export function createStaticServer(options: StaticServerOptions): http.Server {
  if (options.portal) writeLocalManifest(options.dir, true);
  let version = buildVersion(options.dir);
  let serve = createHandler(options);
  return http.createServer((req, res) => {
    const now = buildVersion(options.dir);
    if (now !== version) {
      version = now;
      if (options.portal) writeLocalManifest(options.dir, false);
      serve = createHandler(options);
    }
    serve(req, res);
  });
}

/** A file's modification time, 0 when it is missing. */
function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Each kind of answer's policy. The portal page's is made from the build's config.json and inline hashes,
 * again whenever either changes; a build without config.json (a remote) serves no portal page, so the strictest.
 */
export function policies(options: Pick<StaticServerOptions, 'dir' | 'portalOrigin'>): (kind: AnswerKind) => string {
  const manifestFile = path.join(options.dir, 'config.json');
  const hashesFile = path.join(options.dir, INLINE_HASHES_FILE);
  let made: { stamp: string; policy: string } | undefined;
  const portalPage = (): string => {
    const stamp = `${mtimeOf(manifestFile)}:${mtimeOf(hashesFile)}`;
    if (made?.stamp !== stamp) {
      let policy = FILE_POLICY;
      try {
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PortalManifest;
        const hashes = mtimeOf(hashesFile) ? parseInlineHashes(readFileSync(hashesFile, 'utf8')) : { scripts: [], styles: [] };
        policy = portalPagePolicy(manifest, hashes);
      } catch {
        // No manifest: not the shell's build.
      }
      made = { stamp, policy };
    }
    return made.policy;
  };
  return (kind) => {
    if (kind === 'portal-page') return portalPage();
    if (kind === 'sso-callback') return SSO_CALLBACK_POLICY;
    if (kind === 'game') return gamePolicy(options.portalOrigin);
    return FILE_POLICY;
  };
}

/** An answer made per request, compressed as the client accepts, with an ETag of its content (304 when unchanged). */
function sendFresh(req: http.IncomingMessage, res: http.ServerResponse, answer: { body: string; policy: string; type: string }): void {
  const etag = `"${createHash('sha1').update(answer.body).digest('base64url')}"`;
  for (const [name, value] of Object.entries(securityHeaders(answer.policy))) res.setHeader(name, value);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', etag);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Type', answer.type);
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const accepts = String(req.headers['accept-encoding'] ?? '');
  let body: Buffer = Buffer.from(answer.body);
  // Fast settings: the page is made per answer (a few KB), unlike the build's files compressed once at level 11.
  if (/\bbr\b/.test(accepts)) {
    body = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    res.setHeader('Content-Encoding', 'br');
  } else if (/\bgzip\b/.test(accepts)) {
    body = gzipSync(body, { level: 6 });
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function createHandler(options: StaticServerOptions): http.RequestListener {
  const policyFor = policies(options);
  const portalPages = options.portal ? createPortalPages({ dir: options.dir, selfOrigin: `http://${options.host}:${options.port}` }) : undefined;
  const serve = sirv(options.dir, {
    single: options.single,
    gzip: true,
    brotli: true,
    etag: true,
    setHeaders: (res, pathname) => {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      if (options.cors) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Allow-Headers', 'Origin, Content-Type, Accept, Range');
      }
    },
  });
  // Set before sirv answers, so a 304 or a 404 carries them too (as nginx's `always`).
  return (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://static').pathname;
    const kind = answerKind(pathname);
    if (portalPages && kind === 'portal-page' && (req.method === 'GET' || req.method === 'HEAD')) {
      portalPages().then(
        (page) => sendFresh(req, res, { ...page, type: 'text/html; charset=utf-8' }),
        (error: unknown) => {
          console.error('the portal page could not be put together', error);
          res.statusCode = 500;
          res.end();
        },
      );
      return;
    }
    // The manifest changes while the server runs (a new area is data): read at each answer, not listed once by sirv.
    if (options.portal && pathname === '/config.json' && (req.method === 'GET' || req.method === 'HEAD')) {
      try {
        sendFresh(req, res, { body: readFileSync(path.join(options.dir, 'config.json'), 'utf8'), policy: FILE_POLICY, type: 'application/json' });
      } catch {
        res.statusCode = 404;
        res.end();
      }
      return;
    }
    for (const [name, value] of Object.entries(securityHeaders(policyFor(kind)))) res.setHeader(name, value);
    serve(req, res);
  };
}

if (require.main === module) {
  const options = parseArgs(process.argv.slice(2));
  createStaticServer(options).listen(options.port, options.host);
}
