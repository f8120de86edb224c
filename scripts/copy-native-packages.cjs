// Copies packages that cannot be bundled (native addons, e.g. sharp and its platform binaries) beside a service's
// bundle, with every dependency they need, exactly as npm installed them: `node_modules/<name>` under the output
// directory, where the bundle's require() finds them. Usage: node scripts/copy-native-packages.cjs <out> <name>...
const { cpSync, existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

const [out, ...names] = process.argv.slice(2);
if (!out || names.length === 0) throw new Error('usage: copy-native-packages.cjs <out> <package>...');
const copied = new Set();

/** Where Node finds package `name` from directory `from` (its node_modules, then each parent's), or null. */
function packageDir(name, from) {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return null;
  }
}

function copy(name, from) {
  const dir = packageDir(name, from);
  if (!dir) return false; // e.g. an optional dependency for another platform: not installed here
  const manifest = path.join(dir, 'package.json');
  if (copied.has(dir)) return true;
  copied.add(dir);
  // The path from the first node_modules on: hoisted and nested packages keep their places.
  const inModules = dir.slice(dir.indexOf(`${path.sep}node_modules${path.sep}`) + 1);
  cpSync(dir, path.join(out, inModules), { recursive: true, dereference: true });
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    if (!copy(dep, dir)) throw new Error(`${pkg.name} needs ${dep}, which is not installed`);
  }
  for (const dep of Object.keys(pkg.optionalDependencies ?? {})) copy(dep, dir);
  return true;
}

for (const name of names) {
  if (!copy(name, process.cwd())) throw new Error(`${name} is not installed`);
}
if (!existsSync(path.join(out, 'node_modules'))) throw new Error('nothing was copied');
