// A second, private set of the back-end processes for the timeline and the CPU profiles: started with extra
// environment or node flags (KIDSLEARN_TIMING=1, --cpu-prof) on their own ports, throw-away databases, the
// bench's RabbitMQ vhost and Redis database, so the running portal is neither restarted nor disturbed.
// The drills (bench/drill) point it at private servers (amqpUrl, redisUrl, mongoBase) and kill and restart
// single services (kill, restart). Each service runs as its image runs it, from its bundle (service-bundle.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import mongoose from 'mongoose';
import { KNOWN_SUBSCRIPTIONS, connectFirst, topologyFor } from '@kidslearn/lib-events';
import { benchAmqpUrl } from './bench-vhost';
import { reapOnExit } from './child-reaper';
import { bundledServiceArgs } from './service-bundle';

export type FleetService = 'content' | 'quiz' | 'gems' | 'gifts' | 'gateway';

const PORTS: Record<FleetService, number> = { gateway: 4100, content: 4101, quiz: 4102, gems: 4103, gifts: 4104 };
const ROOT = path.resolve(__dirname, '..');
/** Redis database of the fleet (the portal uses 0): its rate limits, caches and idempotency keys stay apart. */
const REDIS_DB = 7;

export interface FleetOptions {
  services: FleetService[];
  /** extra environment for every process (KIDSLEARN_TIMING=1) */
  env?: Record<string, string>;
  /** extra node flags for every process (--cpu-prof …) */
  nodeArgs?: (service: FleetService) => string[];
  /** every stdout line of every process */
  onLine?: (service: FleetService, line: string) => void;
  /** the broker to use (default: the bench vhost of the shared node) */
  amqpUrl?: string;
  /** the Redis to use, database included (default: database 7 of the shared one) */
  redisUrl?: string;
  /** the server a service's throw-away database lives on, as a mongodb:// URL (default: MONGO_URL's) */
  mongoBase?: (service: FleetService) => string;
  /** ports other than the bench's 4100–4104 (a drill picks free ones): one per instance */
  ports?: Partial<Record<FleetService, number | number[]>>;
  /** instances of each service but the gateway (default 1); the gateway spreads requests over them */
  instances?: number;
  /** extra environment for one service (RECONCILE_INTERVAL_MS, SEED_DEMO_DATA …) */
  serviceEnv?: (service: FleetService) => Record<string, string>;
  /**
   * How each service runs: `bundle` (default) as its image does, one esbuild bundle (service-bundle.ts); `source`
   * its TypeScript through tsx, so a CPU profile names each source file and package (bench/profile.ts).
   */
  run?: 'bundle' | 'source';
}

export interface Fleet {
  /** the service's (first) instance */
  url: (service: FleetService) => string;
  /** every instance of the service */
  urls: (service: FleetService) => string[];
  amqpUrl: string;
  /** a service's throw-away database */
  dbUrl: (service: FleetService) => string;
  /** SIGKILL one instance of a service (default the first) and wait until it is gone (no shutdown hooks run: a crash) */
  kill(service: FleetService, instance?: number): Promise<void>;
  /** start an instance that was killed again, with the same environment, and wait until it is ready */
  restart(service: FleetService, instance?: number): Promise<void>;
  /** SIGTERM and wait for exit (profiles are written then), then drop the databases */
  stop(): Promise<void>;
  /** the process id of each running instance of a service */
  pids(service: FleetService): number[];
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready within ${timeoutMs / 1000} s`);
}

/**
 * Events left in the bench vhost's queues by an earlier run (or by the in-process quiz → gems bench, whose bus
 * declares every known queue there too) are not this run's work.
 */
async function purgeQueues(amqpUrl: string): Promise<void> {
  const conn = await connectFirst(amqpUrl); // AMQP_URL may list a cluster's nodes
  try {
    for (const service of Object.keys(KNOWN_SUBSCRIPTIONS)) {
      // A queue not declared yet (first run) closes the channel with 404: one channel per queue.
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      await ch.purgeQueue(topologyFor(service).queue).then(
        () => ch.close(),
        () => undefined,
      );
    }
  } finally {
    await conn.close().catch(() => undefined);
  }
}

const exited = (child: ChildProcess): Promise<void> =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

const readyPath = (service: FleetService) => (service === 'gateway' ? 'livez' : 'readyz');

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const { services, env = {}, nodeArgs = () => [], onLine, serviceEnv = () => ({}) } = options;
  const amqpUrl = options.amqpUrl ?? (await benchAmqpUrl(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672'));
  await purgeQueues(amqpUrl);
  const suffix = randomUUID().slice(0, 8);
  const mongoBase = options.mongoBase ?? (() => process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/kidslearn-test');
  const dbUrl = (service: FleetService) => {
    const db = new URL(mongoBase(service));
    db.pathname = `/kidslearn-bench-${service}-${suffix}`;
    return db.toString();
  };
  const redisUrl = new URL(options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  if (!options.redisUrl) redisUrl.pathname = `/${REDIS_DB}`;
  const count = (service: FleetService) => (service === 'gateway' ? 1 : Math.max(1, options.instances ?? 1));
  const ports = (service: FleetService): number[] => {
    const given = options.ports?.[service];
    const list = given === undefined ? [PORTS[service]] : Array.isArray(given) ? given : [given];
    if (list.length < count(service)) throw new Error(`${service}: ${count(service)} instances need as many ports`);
    return list.slice(0, count(service));
  };
  const urls = (service: FleetService) => ports(service).map((p) => `http://127.0.0.1:${p}`);
  const url = (service: FleetService) => urls(service)[0]!;
  const children = new Map<string, ChildProcess>();
  const key = (service: FleetService, instance: number) => `${service}#${instance}`;
  const entryArgs = async (service: FleetService) =>
    options.run === 'source' ? ['--import', 'tsx', path.join('services', service, 'src', 'start.ts')] : bundledServiceArgs(service);
  // Bundled side by side: each is an esbuild run of about a second.
  const entries = new Map(await Promise.all(services.map(async (service) => [service, await entryArgs(service)] as const)));
  const launch = (service: FleetService, instance: number) => {
    const common = { ...process.env, ...env, PORT: String(ports(service)[instance]), LOG_LEVEL: 'warn' };
    const own =
      service === 'gateway'
        ? {
            QUIZ_URL: urls('quiz').join(','),
            GEMS_URL: urls('gems').join(','),
            GIFTS_URL: urls('gifts').join(','),
            CONTENT_URL: services.includes('content') ? urls('content').join(',') : (process.env.CONTENT_URL ?? 'http://127.0.0.1:4001'),
          }
        : { SERVICE_NAME: service, MONGO_URL: dbUrl(service), AMQP_URL: amqpUrl, REDIS_URL: redisUrl.toString(), REQUEST_LESSONS_ON_START: 'false' };
    const child = reapOnExit(
      spawn(process.execPath, [...nodeArgs(service), ...entries.get(service)!], {
        cwd: ROOT,
        env: { ...common, ...own, ...serviceEnv(service) },
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    children.set(key(service, instance), child);
    let rest = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLine?.(service, count(service) > 1 ? `#${instance} ${line}` : line);
    });
  };
  const instancesOf = (service: FleetService) => Array.from({ length: count(service) }, (_, i) => i);
  const ready = (service: FleetService, instance: number) => waitReady(`${urls(service)[instance]}/${readyPath(service)}`, children.get(key(service, instance))!);
  const stop = async () => {
    await Promise.all(
      [...children.values()].map((child) => {
        const gone = exited(child);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
        return gone;
      }),
    );
    for (const service of services.filter((s) => s !== 'gateway')) {
      const conn = await mongoose.createConnection(dbUrl(service)).asPromise();
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    }
  };
  try {
    for (const service of services) for (const i of instancesOf(service)) launch(service, i);
    for (const service of services) for (const i of instancesOf(service)) await ready(service, i);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    urls,
    amqpUrl,
    dbUrl,
    stop,
    pids: (service) => instancesOf(service).flatMap((i) => children.get(key(service, i))?.pid ?? []),
    async kill(service, instance = 0) {
      const child = children.get(key(service, instance));
      if (!child) throw new Error(`${service} #${instance} is not part of this fleet`);
      const gone = exited(child);
      child.kill('SIGKILL');
      await gone;
    },
    async restart(service, instance = 0) {
      launch(service, instance);
      await ready(service, instance);
    },
  };
}
