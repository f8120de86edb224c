// The FerretDB wrapper binary is cached by a hash of what `go build` reads: a new or edited Go file of the
// module must give a new key (a fixed list of names once let a new file reach no build at all).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashFiles } from '../src/cache-key';
import { wrapperSourceFiles } from '../src/components/ferretdb';

function moduleDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ferretdb-key-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

const key = (dir: string) => hashFiles(dir, wrapperSourceFiles(dir));

describe('the FerretDB wrapper build key', () => {
  it('when a Go file is added to the module, then the key changes; when a Go test or another file is, then it does not', () => {
    const dir = moduleDir({ 'go.mod': 'module a', 'go.sum': '', 'main.go': 'package main' });
    const before = key(dir);
    writeFileSync(path.join(dir, 'relay_test.go'), 'package main');
    writeFileSync(path.join(dir, 'notes.txt'), 'not built');
    expect(key(dir)).toBe(before);
    writeFileSync(path.join(dir, 'relay.go'), 'package main');
    expect(key(dir)).not.toBe(before);
  });

  it('when a patch of FerretDB is added or edited, then the key changes', () => {
    const dir = moduleDir({ 'go.mod': 'module a', 'go.sum': '', 'main.go': 'package main' });
    const before = key(dir);
    mkdirSync(path.join(dir, 'patches'));
    writeFileSync(path.join(dir, 'patches', 'fix.patch'), '--- a/x.go');
    const patched = key(dir);
    expect(patched).not.toBe(before);
    writeFileSync(path.join(dir, 'patches', 'fix.patch'), '--- a/y.go');
    expect(key(dir)).not.toBe(patched);
  });

  it('when the real module is listed, then its Go files, go.mod, go.sum and patches are in it and its tests are not', () => {
    const files = wrapperSourceFiles();
    expect(files).toEqual(expect.arrayContaining(['go.mod', 'go.sum', 'main.go', 'id_index.go', 'relay.go', 'write_gate.go', 'write_commands.go', 'patches/sqlite-pushdown.patch']));
    expect(files.filter((file) => file.endsWith('_test.go'))).toEqual([]);
  });
});
