// Which third-party packages are "the kit": everything the kit's package.json pulls in through
// `dependencies`, minus what the remote's own dependencies pull in too (react-router-dom, single-spa-react…).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

interface Manifest {
  dependencies?: Record<string, string>;
}

/** Node's lookup: `<dir>/node_modules/<name>`, then the same in each parent directory. */
function findPackage(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Names of the packages reachable from the package in `dir` through `dependencies` (peers are the app's). */
export function dependencyClosure(dir: string, skip: ReadonlySet<string> = new Set()): Set<string> {
  const names = new Set<string>();
  const visited = new Set<string>();
  const visit = (from: string) => {
    const manifest = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8')) as Manifest;
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const found = skip.has(name) ? undefined : findPackage(name, from);
      if (!found || visited.has(found)) continue;
      visited.add(found);
      names.add(name);
      visit(found);
    }
  };
  visit(realpathSync(dir));
  return names;
}

/** The packages only the kit brings into `remoteDir`'s bundle. */
export function kitOnlyPackages(kitDir: string, remoteDir: string): Set<string> {
  const theRemotes = dependencyClosure(remoteDir, new Set(['@kidslearn/kit']));
  return new Set([...dependencyClosure(kitDir)].filter((name) => !theRemotes.has(name)));
}
