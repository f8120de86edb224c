import { existsSync, mkdirSync, renameSync } from 'node:fs';
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
const MODULE_FILES = ['go.mod', 'go.sum', 'main.go', 'id_index.go'];

/** The wrapper binary, cached by the hash of the Go module's files. */
export function ferretdbBinary(): string {
  return path.join(cacheDir(), 'ferretdb', hashFiles(moduleDir, MODULE_FILES, [process.arch]), 'ferretdb');
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
}

/**
 * FerretDB v1 with its SQLite backend, embedded in infra/local/ferretdb (MongoDB wire protocol). The portal's
 * server is one; a drill that takes a database away starts a private one beside it (private-ferretdb.ts).
 */
export function ferretdbServer({ name, port, data }: FerretDbServerOptions): Component {
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
      return { command: binary, args: ['-listen', `127.0.0.1:${port}`, '-data', data], cwd };
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
