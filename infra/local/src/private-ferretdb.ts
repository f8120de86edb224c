import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ferretdbServer } from './components/ferretdb';
import { componentDir } from './paths';
import { freePort } from './ports';
import { startPrivateServer, type PrivateServer } from './private-server';

/**
 * A FerretDB of its own (a free port, its SQLite files under .local/<name>/data) for a drill that takes a
 * database away. `stop()` then `start()` brings it back on the same port with the same data. `writeLocks: false`
 * serves FerretDB 1.24 without the wrapper's per-collection write serialisation (to show the race or its cost).
 */
export async function startPrivateFerretDb({ writeLocks = true }: { writeLocks?: boolean } = {}): Promise<PrivateServer> {
  const name = `ferretdb-private-${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const server = ferretdbServer({ name, port, data: path.join(componentDir(name), 'data'), writeLocks });
  return startPrivateServer(server, `mongodb://127.0.0.1:${port}`);
}
