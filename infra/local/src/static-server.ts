// Local static server for a frontend's production build (what `npm run serve -w <frontend>` starts):
// sirv with the pre-compressed .br/.gz files and the cache policy of infra/docker/nginx-static.conf.
//   node --import tsx ../infra/local/src/static-server.ts dist --port 3000 [--host 127.0.0.1] [--single] [--cors]
import { statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

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
}

export function parseArgs(args: string[]): StaticServerOptions {
  const value = (flag: string) => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const port = Number(value('--port'));
  if (!Number.isInteger(port) || port <= 0) throw new Error('static-server: --port <number> is required');
  const dir = args[0] && !args[0].startsWith('--') ? args[0] : 'dist';
  return { dir: path.resolve(dir), port, host: value('--host') ?? '127.0.0.1', single: args.includes('--single'), cors: args.includes('--cors') };
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

function createHandler(options: StaticServerOptions) {
  return sirv(options.dir, {
    single: options.single,
    gzip: true,
    brotli: true,
    etag: true,
    setHeaders: (res, pathname) => {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (options.cors) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Allow-Headers', 'Origin, Content-Type, Accept, Range');
      }
    },
  });
}

if (require.main === module) {
  const options = parseArgs(process.argv.slice(2));
  createStaticServer(options).listen(options.port, options.host);
}
