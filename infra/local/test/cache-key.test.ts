import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cacheDir } from '../src/paths';
import { hashFiles, hashParts } from '../src/cache-key';

function moduleDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cache-key-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

describe('cache keys', () => {
  it('when the same parts are hashed twice, then the key is the same 16 hex digits', () => {
    const key = hashParts([['a', 'x'], ['b', 'y']]);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(hashParts([['a', 'x'], ['b', 'y']])).toBe(key);
  });

  it('when content moves between parts, then the key changes (labels and lengths keep parts apart)', () => {
    expect(hashParts([['a', 'xy'], ['b', '']])).not.toBe(hashParts([['a', 'x'], ['b', 'y']]));
  });

  it('when a module file changes, then the key changes; when the list order changes, then it does not', () => {
    const one = moduleDir({ 'go.mod': 'module a', 'main.go': 'package main' });
    const two = moduleDir({ 'go.mod': 'module a', 'main.go': 'package main // changed' });
    expect(hashFiles(one, ['go.mod', 'main.go'])).toBe(hashFiles(one, ['main.go', 'go.mod']));
    expect(hashFiles(one, ['go.mod', 'main.go'])).not.toBe(hashFiles(two, ['go.mod', 'main.go']));
    expect(hashFiles(one, ['go.mod'], ['amd64'])).not.toBe(hashFiles(one, ['go.mod'], ['arm64']));
  });

  it('when XDG_CACHE_HOME is set, then the cache lives under it, else under ~/.cache', () => {
    expect(cacheDir({ XDG_CACHE_HOME: '/x/cache' })).toBe('/x/cache/kidslearn');
    expect(cacheDir({})).toBe(path.join(os.homedir(), '.cache', 'kidslearn'));
  });
});
