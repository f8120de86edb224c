import { randomBytes } from 'node:crypto';
import { redisServer } from './components/redis';
import { freePort } from './ports';
import { startPrivateServer, type PrivateServer } from './private-server';

/**
 * A Redis of its own (in memory, a free port) for a drill that stops Redis: stopping the shared one would cut
 * the running portal and every test off. `stop()` then `start()` is a Redis restart on the same port: its
 * keys are gone, as after a crash of the portal's instance.
 */
export async function startPrivateRedis(): Promise<PrivateServer> {
  const name = `redis-private-${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  return startPrivateServer(redisServer({ name, port, fresh: false }), `redis://127.0.0.1:${port}`);
}
