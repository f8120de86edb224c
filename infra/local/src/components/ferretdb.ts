import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { hashFiles } from '../cache-key';
import type { Component } from '../component';
import { run } from '../exec';
import { InfraError } from '../errors';
import { say, seconds } from '../log';
import { cacheDir, componentDir, dataDir, repoRoot } from '../paths';

const PORT = 27017;
const moduleDir = path.join(repoRoot, 'infra', 'local', 'ferretdb');

const PATCHES = 'patches';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

/** Patches of FerretDB's own sources the build applies (to a copy of the module: the module cache is left as it is). */
export function wrapperPatches(dir = moduleDir): string[] {
  const patches = path.join(dir, PATCHES);
  return existsSync(patches) ? readdirSync(patches).filter((file) => file.endsWith('.patch')).map((file) => `${PATCHES}/${file}`) : [];
}

/** What `go build` reads from the wrapper module: go.mod, go.sum, every Go file but the tests, and the patches. */
export function wrapperSourceFiles(dir = moduleDir): string[] {
  const goFiles = readdirSync(dir).filter((file) => file === 'go.mod' || file === 'go.sum' || (file.endsWith('.go') && !file.endsWith('_test.go')));
  return [...goFiles, ...wrapperPatches(dir)];
}

/** The wrapper binary, cached by the hash of the Go module's files. */
export function ferretdbBinary(): string {
  return path.join(cacheDir(), 'ferretdb', hashFiles(moduleDir, wrapperSourceFiles(), [process.arch]), 'ferretdb');
}

/** The Go toolchain the build uses (also for the wrapper's own unit tests). */
export function goCommand(): string {
  return ['/usr/local/go/bin/go', '/usr/lib/go/bin/go'].find((candidate) => existsSync(candidate)) ?? 'go';
}

/**
 * Builds with FerretDB's own sources patched: a copy of the FerretDB module (it is 3-4 MB) gets the module's
 * patches (`patch`, every hunk must apply exactly; each names its file relative to FerretDB's module root as
 * `--- a/internal/…`), and the build reads the copy through a `replace` in a copy of go.mod (`-modfile`), so
 * neither the module cache nor the wrapper's go.mod changes. Resolves with the extra `go build` arguments.
 */
async function patchedBuildArgs(name: string, workDir: string): Promise<string[]> {
  const patches = wrapperPatches();
  if (patches.length === 0) return [];
  const info = JSON.parse(await run(name, goCommand(), ['mod', 'download', '-json', FERRETDB_MODULE], { cwd: moduleDir, timeoutMs: 10 * 60_000 })) as { Dir?: string };
  if (!info.Dir) throw new InfraError(name, 'go mod download did not say where FerretDB is');
  const copy = path.join(workDir, 'ferretdb-module');
  cpSync(info.Dir, copy, { recursive: true });
  for (const patch of patches) {
    const target = /^--- a\/(\S+)/m.exec(readFileSync(path.join(moduleDir, patch), 'utf8'))?.[1];
    if (!target) throw new InfraError(name, `${patch}: no "--- a/<file>" line`);
    const file = path.join(copy, target);
    chmodSync(file, 0o644); // the module cache's files are read-only, and so is their copy
    await run(name, 'patch', ['--silent', '--forward', '--fuzz=0', file, path.join(moduleDir, patch)]);
  }
  const modfile = path.join(workDir, 'go.mod');
  writeFileSync(modfile, `${readFileSync(path.join(moduleDir, 'go.mod'), 'utf8')}\nreplace ${FERRETDB_MODULE} => ${copy}\n`);
  copyFileSync(path.join(moduleDir, 'go.sum'), path.join(workDir, 'go.sum'));
  return ['-modfile', modfile];
}

export interface FerretDbServerOptions {
  /** Component name: also the directory under .local it runs in. */
  name: string;
  port: number;
  /** Where its SQLite files live; kept across launches. */
  data: string;
  /**
   * Serialise write commands per collection (default): what makes FerretDB 1.24's guarded updates atomic. Off
   * only for a test or benchmark that shows the race or the cost (the README's "Atomic writes").
   */
  writeLocks?: boolean;
}

/**
 * FerretDB v1 with its SQLite backend, embedded in infra/local/ferretdb (MongoDB wire protocol). The portal's
 * server is one; a drill that takes a database away starts a private one beside it (private-ferretdb.ts).
 */
export function ferretdbServer({ name, port, data, writeLocks = true }: FerretDbServerOptions): Component {
  return {
    name,
    ports: [port],
    urls: [`mongodb://127.0.0.1:${port}`],
    readyTimeoutMs: 30_000,

    async install() {
      const binary = ferretdbBinary();
      if (existsSync(binary)) return say(name, `binary cached (${path.basename(path.dirname(binary))})`);
      say(name, 'building the FerretDB wrapper with go build (cache miss, takes a minute or two)');
      const startedAt = Date.now();
      mkdirSync(path.dirname(binary), { recursive: true });
      const partial = `${binary}.${process.pid}.part`;
      const workDir = mkdtempSync(path.join(path.dirname(binary), 'build-'));
      try {
        const args = ['build', '-trimpath', ...(await patchedBuildArgs(name, workDir)), '-o', partial, '.'];
        await run(name, goCommand(), args, { cwd: moduleDir, timeoutMs: 20 * 60_000 });
      } finally {
        rmSync(workDir, { recursive: true, force: true });
      }
      renameSync(partial, binary);
      say(name, `built in ${seconds(startedAt)}`);
    },

    async launch() {
      const binary = ferretdbBinary();
      if (!existsSync(binary)) throw new InfraError(name, 'not installed: run `npm run infra:install`');
      const cwd = componentDir(name);
      mkdirSync(cwd, { recursive: true });
      const args = ['-listen', `127.0.0.1:${port}`, '-data', data, ...(writeLocks ? [] : ['-write-locks=false'])];
      return { command: binary, args, cwd };
    },

    async ready() {
      const client = new MongoClient(`mongodb://127.0.0.1:${port}/`, { serverSelectionTimeoutMS: 1500, connectTimeoutMS: 1500 });
      try {
        await client.connect();
        await client.db('admin').command({ ping: 1 });
      } finally {
        await client.close();
      }
    },
  };
}

/** The portal's FerretDB on 27017, its SQLite files under .data/ferretdb. */
export const ferretdb: Component = ferretdbServer({ name: 'ferretdb', port: PORT, data: path.join(dataDir, 'ferretdb') });
