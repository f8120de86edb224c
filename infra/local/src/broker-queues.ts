// The runner's step that brings a running RabbitMQ node's queues up to what services/lib-events declares
// today: a node started before quorum queues holds classic ones, and a queue's type is fixed at declaration,
// so lib-events' own declaration would be refused. Runs when `start` (or Jest's global setup) reuses a node.
import { KNOWN_SUBSCRIPTIONS } from '../../../services/lib-events/src/subscriptions';
import { declarationFor } from '../../../services/lib-events/src/topology';
import { migrateQueues, type Binding, type MigrationOutcome } from '../../../services/lib-events/src/migrate';
import { say } from './log';
import { rabbitmqctl, type NodeAddress } from './rabbitmqctl';

export interface BrokerNode extends NodeAddress {
  /** its AMQP port (the runner's nodes let guest in from loopback) */
  port: number;
}

export interface QueueRow {
  name: string;
  type: string;
  messages: number;
  consumers: number;
}

const HOLDING = /\.migrating$/;

/**
 * The queues to migrate: classic ones of lib-events' naming that hold messages or belong to a known consumer,
 * and any whose holding queue a stopped run left behind. An empty classic queue of another name (a test's
 * service, long gone) is left as it is: nobody declares it any more.
 */
export function queuesToMigrate(rows: QueueRow[]): string[] {
  const names = new Set<string>();
  for (const row of rows) {
    if (HOLDING.test(row.name)) {
      const queue = row.name.replace(HOLDING, '');
      if (declarationFor(queue)) names.add(queue);
      continue;
    }
    const declaration = declarationFor(row.name);
    if (!declaration || row.type !== 'classic') continue;
    if (row.messages > 0 || declaration.service in KNOWN_SUBSCRIPTIONS) names.add(row.name);
  }
  return [...names].sort();
}

const json = async <T>(node: NodeAddress, args: string[]): Promise<T> => JSON.parse((await rabbitmqctl(node, ['-q', ...args, '--formatter', 'json'])) || '[]') as T;

/** Every vhost's queues to migrate, migrated through AMQP as guest; returns what was done (and says it). */
export async function migrateNodeQueues(node: BrokerNode, report: (message: string) => void = (m) => say(node.name, m)): Promise<MigrationOutcome[]> {
  const done: MigrationOutcome[] = [];
  for (const { name: vhost } of await json<{ name: string }[]>(node, ['list_vhosts', 'name'])) {
    const rows = await json<QueueRow[]>(node, ['list_queues', '-p', vhost, 'name', 'type', 'messages', 'consumers']);
    const queues = queuesToMigrate(rows);
    if (queues.length === 0) continue;
    const listed = await json<{ source_name: string; destination_name: string; destination_kind: string; routing_key: string }[]>(node, [
      'list_bindings', '-p', vhost, 'source_name', 'destination_name', 'destination_kind', 'routing_key',
    ]);
    const bindings: Record<string, Binding[]> = {};
    for (const b of listed) {
      if (b.destination_kind !== 'queue' || b.source_name === '') continue;
      (bindings[b.destination_name] ??= []).push({ exchange: b.source_name, routingKey: b.routing_key });
    }
    const url = `amqp://guest:guest@127.0.0.1:${node.port}/${encodeURIComponent(vhost)}`;
    report(`vhost ${vhost}: ${queues.length} queue(s) declared otherwise than lib-events declares them now (classic): migrating`);
    const outcomes = await migrateQueues(url, queues, bindings);
    for (const o of outcomes) {
      if (o.result === 'migrated') report(`vhost ${vhost}: ${o.queue} is a quorum queue now (${o.count} message(s) kept)`);
      if (o.result === 'busy') report(`vhost ${vhost}: ${o.queue} left classic: ${o.count} consumer(s) use it (a service started before the change?); stop them and run npm run infra:start again`);
    }
    done.push(...outcomes);
  }
  return done;
}
