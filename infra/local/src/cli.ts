import { devSecretsFile } from './dev-secrets';
import { say } from './log';
import { pick } from './registry';
import { assertNoErrors, formatStatus, installAll, startAll, statusAll, stopAll } from './runner';
import { infraEnv } from './env';
import { LOCAL_BROKER_CLUSTER, clusterNodes, startBrokerCluster, stopBrokerCluster } from './broker-cluster';

const USAGE = 'usage: tsx infra/local/src/cli.ts install|start|stop|status|up [component ...] [--broker-cluster]   (broker-cluster alone: the cluster only)';

async function up(names: string[]): Promise<void> {
  const list = pick(names);
  const result = await startAll(list, { reconcile: true });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say('runner', `${signal}: stopping what this run started (${result.started.join(', ') || 'nothing'})`);
    await stopAll(list, result.started);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  if (result.errors.length > 0) {
    await stopAll(list, result.started);
    assertNoErrors(result.errors);
  }
  console.log(`\n${formatStatus(await statusAll(list), list)}\n`);
  if (list.some((c) => c.name === 'shell')) console.log(portalBanner());
  else console.log(Object.entries(infraEnv()).map(([k, v]) => `${k}=${v}`).join('\n'));
  say('runner', 'up: press Ctrl-C to stop what this run started');
  // Also stop when whoever launched us went away without passing a signal on (e.g. a killed npx).
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown('parent exited');
  }, 1000);
}

/** Where to go and how to log in, printed once the whole portal is up. */
function portalBanner(): string {
  return [
    '',
    'KidsLearn is running.',
    '  Portal:        http://localhost:3000',
    '  API gateway:   http://localhost:4000 (health: /healthz)',
    `  Keycloak:      http://localhost:8080 (admin console: admin, password in ${devSecretsFile()}: keycloakAdminPassword)`,
    '  Mail catcher:  http://localhost:1080',
    '',
    'Demo accounts (development only):',
    '  learner  learner@kidslearn.test / Learner123',
    '  admin    admin@kidslearn.test / Admin1234',
    '  "Login with Google" upstream: google.learner@kidslearn.test / Google123',
    '',
  ].join('\n');
}

/**
 * The three-node RabbitMQ cluster (broker-cluster.ts), which nothing starts otherwise: `--broker-cluster` adds it to
 * the components named (`npm run infra:start -- --broker-cluster`: infra and the cluster); the name `broker-cluster`
 * alone means it alone (`… cli.ts stop broker-cluster`).
 */
const CLUSTER_FLAG = '--broker-cluster';
const CLUSTER_NAME = 'broker-cluster';

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const flags = args.filter((a) => a.startsWith('--'));
  const names = args.filter((a) => !a.startsWith('--') && a !== CLUSTER_NAME);
  const unknown = flags.filter((f) => f !== CLUSTER_FLAG || !['start', 'stop', 'status'].includes(command ?? ''));
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')} (${CLUSTER_FLAG} goes with start, stop and status)\n${USAGE}`);
  const clusterOnly = args.includes(CLUSTER_NAME) && names.length === 0;
  const cluster = clusterOnly || flags.includes(CLUSTER_FLAG) || args.includes(CLUSTER_NAME);
  const clusterComponents = cluster ? clusterNodes(LOCAL_BROKER_CLUSTER).map((n) => n.component) : [];
  const picked = () => (clusterOnly ? [] : pick(names));
  // App processes started from here inherit the URLs of docs/CONTRACTS.md.
  Object.assign(process.env, infraEnv());
  switch (command) {
    case 'install':
      return installAll(pick(names));
    case 'start': {
      const list = picked();
      const result = list.length > 0 ? await startAll(list, { reconcile: true }) : { started: [], reused: [], errors: [] };
      if (cluster && result.errors.length === 0) {
        const { url } = await startBrokerCluster(LOCAL_BROKER_CLUSTER, { reconcile: true });
        say('runner', `broker cluster of 3 nodes formed; services use it with AMQP_URL=${url}`);
      }
      console.log(`\n${formatStatus(await statusAll([...list, ...clusterComponents]), [...list, ...clusterComponents])}`);
      return assertNoErrors(result.errors);
    }
    case 'stop':
      if (!clusterOnly) await stopAll(pick(names));
      if (cluster) await stopBrokerCluster(LOCAL_BROKER_CLUSTER);
      return;
    case 'status': {
      const list = [...picked(), ...clusterComponents];
      console.log(formatStatus(await statusAll(list), list));
      return;
    }
    case 'up':
      return up(names);
    default:
      throw new Error(USAGE);
  }
}

main().catch((error: unknown) => {
  console.error(`\n[infra] FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
