// A three-node RabbitMQ cluster on this machine: three nodes of Debian's rabbitmq-server as the runner starts
// one (components/rabbitmq.ts: own name, ports, data, HOME), one Erlang cookie, an epmd of their own, joined
// with `rabbitmqctl join_cluster`. The runner's (`npm run infra:start -- --broker-cluster`) and the drill's
// private one (startPrivateBrokerCluster) are made the same way; `npm test` starts neither.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Component } from './component';
import { rabbitmqNode } from './components/rabbitmq';
import { componentDir, pidFile } from './paths';
import { freePort, isPortOpen } from './ports';
import { pgidOf, readPid, removeFile } from './procs';
import { rabbitmqctl, type NodeAddress } from './rabbitmqctl';
import { assertNoErrors, startAll, stopAll } from './runner';
import { waitUntil } from './wait';

export const CLUSTER_SIZE = 3;

export interface BrokerClusterSpec {
  /** The cluster's name: its nodes are the components `<name>-1` … `<name>-3`, its cookie in .local/<name>. */
  name: string;
  /** The nodes' AMQP ports. */
  ports: readonly number[];
  /** The nodes' distribution ports (default: each AMQP port + 20000). */
  distPorts?: readonly number[];
  /** The epmd the cluster's nodes register with: their own, so stopping or killing a node leaves the others reachable. */
  epmdPort: number;
}

export interface ClusterNode extends NodeAddress {
  port: number;
  url: string;
  component: Component;
}

/** The cluster's Erlang cookie: made once, copied into every node's HOME at its launch. */
function clusterCookie(spec: BrokerClusterSpec): string {
  const file = path.join(componentDir(spec.name), 'cookie');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(20).toString('hex').toUpperCase());
    chmodSync(file, 0o400);
  }
  return readFileSync(file, 'utf8').trim();
}

/** The three nodes as runner components; their data survives a stop, so a node started again rejoins. */
export function clusterNodes(spec: BrokerClusterSpec): ClusterNode[] {
  if (spec.ports.length !== CLUSTER_SIZE) throw new Error(`a broker cluster has ${CLUSTER_SIZE} nodes, got ${spec.ports.length} ports`);
  return spec.ports.map((port, i) => {
    const name = `${spec.name}-${i + 1}`;
    const nodeName = `${name}@localhost`;
    const component = rabbitmqNode({ name, port, distPort: spec.distPorts?.[i], nodeName, fresh: false, epmdPort: spec.epmdPort, cookie: () => clusterCookie(spec) });
    // The queues are the cluster's: one node migrates them (three at once would race).
    if (i > 0) delete component.afterReuse;
    return { name, nodeName, epmdPort: spec.epmdPort, port, url: `amqp://guest:guest@127.0.0.1:${port}`, component };
  });
}

interface ClusterStatus {
  running_nodes: string[];
  disk_nodes: string[];
}

const clusterStatus = async (node: NodeAddress): Promise<ClusterStatus> => JSON.parse(await rabbitmqctl(node, ['-q', 'cluster_status', '--formatter', 'json'])) as ClusterStatus;

/** Waits until `seed` sees every node of the cluster running. */
export async function awaitClusterRunning(nodes: ClusterNode[], timeoutMs = 120_000): Promise<void> {
  const result = await waitUntil(
    async () => {
      const { running_nodes: running } = await clusterStatus(nodes[0]!);
      const missing = nodes.filter((n) => !running.includes(n.nodeName)).map((n) => n.nodeName);
      if (missing.length > 0) throw new Error(`not running in the cluster yet: ${missing.join(', ')}`);
    },
    { timeoutMs, intervalMs: 1000 },
  );
  if (!result.ok) throw new Error(`broker cluster not formed within ${timeoutMs / 1000} s: ${result.lastError}`);
}

/** Joins the second and third node to the first (each once: a member is left alone) and waits until all three run. */
export async function formCluster(nodes: ClusterNode[]): Promise<void> {
  const [seed, ...others] = nodes as [ClusterNode, ...ClusterNode[]];
  for (const node of others) {
    const { disk_nodes: members } = await clusterStatus(seed);
    if (members.includes(node.nodeName)) continue;
    await rabbitmqctl(node, ['stop_app']);
    await rabbitmqctl(node, ['join_cluster', seed.nodeName]);
    await rabbitmqctl(node, ['start_app']);
  }
  await awaitClusterRunning(nodes);
}

/** Starts (or reuses) the three nodes, forms the cluster; returns the nodes and AMQP_URL's list for them. */
export async function startBrokerCluster(spec: BrokerClusterSpec, { reconcile = false } = {}): Promise<{ nodes: ClusterNode[]; url: string }> {
  const nodes = clusterNodes(spec);
  assertNoErrors((await startAll(nodes.map((n) => n.component), { reconcile })).errors);
  await formCluster(nodes);
  return { nodes, url: nodes.map((n) => n.url).join(',') };
}

/** Stops the three nodes (and their epmd, which carries the first node's marker) and, if asked, removes their data. */
export async function stopBrokerCluster(spec: BrokerClusterSpec, { removeData = false } = {}): Promise<void> {
  const nodes = clusterNodes(spec);
  await stopAll(nodes.map((n) => n.component));
  if (removeData) for (const dir of [spec.name, ...nodes.map((n) => n.name)]) rmSync(componentDir(dir), { recursive: true, force: true });
}

/** The runner's cluster (`--broker-cluster`): AMQP 5681–5683, distribution 25681–25683, epmd 4381. */
export const LOCAL_BROKER_CLUSTER: BrokerClusterSpec = { name: 'rabbitmq-cluster', ports: [5681, 5682, 5683], epmdPort: 4381 };

export interface PrivateClusterNode {
  name: string;
  url: string;
  /** Kills the node (SIGKILL to its process group: a node lost, not shut down); resolves once its ports are closed. */
  kill(): Promise<void>;
  /** Starts it again on its data; resolves once it runs in the cluster again. */
  start(): Promise<void>;
}

export interface PrivateBrokerCluster {
  /** AMQP_URL for the cluster: the three nodes, comma-separated */
  url: string;
  nodes: PrivateClusterNode[];
  /** Stops the RabbitMQ application on every node, the whole broker gone (queues and persistent messages stay). */
  stopApp(): Promise<void>;
  /** Starts every node's application again (at once: each waits for its peers) and waits until all three run. */
  startApp(): Promise<void>;
  /** Stops every node and removes their data. */
  dispose(): Promise<void>;
}

/** Every port of the cluster chosen below the ephemeral range (freePort never hands out the same port twice). */
async function freePorts(): Promise<{ ports: number[]; distPorts: number[]; epmdPort: number }> {
  const some = async (count: number) => {
    const ports: number[] = [];
    while (ports.length < count) ports.push(await freePort());
    return ports;
  };
  return { ports: await some(CLUSTER_SIZE), distPorts: await some(CLUSTER_SIZE), epmdPort: await freePort() };
}

/** A cluster of its own for a drill that takes nodes away (never the runner's). Starts in ~20–40 s here. */
export async function startPrivateBrokerCluster(): Promise<PrivateBrokerCluster> {
  const spec: BrokerClusterSpec = { name: `rabbitmq-cluster-${randomBytes(3).toString('hex')}`, ...(await freePorts()) };
  const dispose = () => stopBrokerCluster(spec, { removeData: true });
  try {
    const { nodes, url } = await startBrokerCluster(spec);
    return {
      url,
      nodes: nodes.map((node) => ({
        name: node.nodeName,
        url: node.url,
        async kill() {
          const pid = readPid(pidFile(node.name));
          const group = pid ? (pgidOf(pid) ?? pid) : undefined;
          if (group) process.kill(-group, 'SIGKILL');
          const closed = await waitUntil(
            async () => {
              if (await isPortOpen(node.port)) throw new Error(`port ${node.port} still open`);
            },
            { timeoutMs: 30_000, intervalMs: 100 },
          );
          if (!closed.ok) throw new Error(`${node.nodeName} still serves after SIGKILL`);
          removeFile(pidFile(node.name));
        },
        async start() {
          assertNoErrors((await startAll([node.component], { install: false })).errors);
          await rabbitmqctl(node, ['await_startup']);
          await awaitClusterRunning(nodes);
        },
      })),
      async stopApp() {
        for (const node of [...nodes].reverse()) await rabbitmqctl(node, ['stop_app']);
      },
      async startApp() {
        await Promise.all(nodes.map((node) => rabbitmqctl(node, ['start_app'])));
        await awaitClusterRunning(nodes);
      },
      dispose,
    };
  } catch (error) {
    await dispose().catch(() => undefined);
    throw error;
  }
}
