import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
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

/** What `go build` reads from the wrapper module: go.mod, go.sum and every Go file but the tests. */
export function wrapperSourceFiles(dir = moduleDir): string[] {
  return readdirSync(dir).filter((file) => file === 'go.mod' || file === 'go.sum' || (file.endsWith('.go') && !file.endsWith('_test.go')));
}

/** The wrapper binary, cached by the hash of the Go module's files. */
export function ferretdbBinary(): string {
  return path.join(cacheDir(), 'ferretdb', hashFiles(moduleDir, wrapperSourceFiles(), [process.arch]), 'ferretdb');
}

function goCommand(): string {
  return ['/usr/local/go/bin/go', '/usr/lib/go/bin/go'].find((candidate) => existsSync(candidate)) ?? 'go';
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
      await run(name, goCommand(), ['build', '-trimpath', '-o', partial, '.'], { cwd: moduleDir, timeoutMs: 20 * 60_000 });
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
