// Local static server for a frontend's production build (what `npm run serve -w <frontend>` starts):
// sirv with the pre-compressed .br/.gz files, the cache policy of infra/docker/nginx-static.conf and the
// security headers of security-headers.ts (the portal page's policy from the build's config.json).
//   node --import tsx ../infra/local/src/static-server.ts dist --port 3000 [--host 127.0.0.1] [--single] [--cors]
// PORTAL_URL (default http://localhost:3000) is the origin that may frame mfe-learning's game.
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
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
  return { dir: path.resolve(dir), port, host: value('--host') ?? '127.0.0.1', single: args.includes('--single'), cors: args.includes('--cors'), portalOrigin };
}

/** sirv lists the build's files once; a rebuild in place (new hashed names) needs a fresh list. */
function buildVersion(dir: string): number {
  try {
    return statSync(dir).mtimeMs;
  } catch {
    return 0;
  }
}

export function createStaticServer(options: StaticServerOptions): http.Server {
  let version = buildVersion(options.dir);
  let serve = createHandler(options);
  return http.createServer((req, res) => {
    const now = buildVersion(options.dir);
    if (now !== version) {
      version = now;
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

function createHandler(options: StaticServerOptions): http.RequestListener {
  const policyFor = policies(options);
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
    for (const [name, value] of Object.entries(securityHeaders(policyFor(answerKind(pathname))))) res.setHeader(name, value);
    serve(req, res);
  };
}

if (require.main === module) {
  const options = parseArgs(process.argv.slice(2));
  createStaticServer(options).listen(options.port, options.host);
}
