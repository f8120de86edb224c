import type { Channel, ChannelModel } from 'amqplib';
import { KNOWN_SUBSCRIPTIONS } from './subscriptions';
import { EXCHANGE, declarationFor, topologyFor } from './topology';
import { connectFirst } from './nodes';
import { publishRouted } from './routed';

export interface Binding {
  exchange: string;
  routingKey: string;
}

export interface MigrationOutcome {
  queue: string;
  /** absent: nothing to do; current: already declared as lib-events declares it; migrated; busy: has consumers, left alone */
  result: 'absent' | 'current' | 'migrated' | 'busy';
  /** messages moved out and back (migrated), or consumers found (busy) */
  count: number;
}

/** Holds a queue's messages while it is deleted and declared again; left behind only by a crash, and then resumed. */
export const holdingQueue = (queue: string): string => `${queue}.migrating`;
const HOLDING_OPTIONS = { durable: true, arguments: { 'x-queue-type': 'quorum' } };
/** Publishers that keep filling the old queue between a drain and its delete: give up after this many rounds. */
const DRAIN_ROUNDS = 10;

interface Probe {
  exists: boolean;
  messages: number;
  consumers: number;
}

/** Runs one operation on a channel of its own: a refusal closes that channel, never the others. */
async function attempt<T>(conn: ChannelModel, operation: (ch: Channel) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: Error }> {
  const ch = await conn.createChannel();
  ch.on('error', () => undefined);
  try {
    const value = await operation(ch);
    await ch.close().catch(() => undefined);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: error as Error };
  }
}

async function probe(conn: ChannelModel, queue: string): Promise<Probe> {
  const found = await attempt(conn, (ch) => ch.checkQueue(queue));
  if (found.ok) return { exists: true, messages: found.value.messageCount, consumers: found.value.consumerCount };
  if (/NOT_FOUND|404/.test(found.error.message)) return { exists: false, messages: 0, consumers: 0 };
  throw found.error;
}

/**
 * Moves every ready message from one queue to another, in order: confirmed (and routed) before it is acked. On a
 * channel of its own: a channel that used a queue since deleted is confused by the new queue of the same name.
 */
async function move(conn: ChannelModel, from: string, to: string): Promise<number> {
  const ch = await conn.createConfirmChannel();
  let moved = 0;
  for (;;) {
    const msg = await ch.get(from, { noAck: false });
    if (!msg) break;
    await publishRouted(ch, '', to, msg.content, { ...msg.properties, persistent: true });
    ch.ack(msg);
    moved += 1;
  }
  // A synchronous call on the same channel: the broker has processed the acks above when it answers.
  await ch.checkQueue(from);
  await ch.close();
  return moved;
}

/**
 * Deletes `queue` only if it holds no message, atomically where the broker can (a classic queue: `if-empty`).
 * A quorum queue refuses `if-empty` with a connection error, so it is tried on a connection of its own; then the
 * queue is checked and deleted (a publish in between would be lost: migrate with the publishers stopped).
 */
async function deleteIfEmpty(url: string, conn: ChannelModel, queue: string): Promise<boolean> {
  const own = await connectFirst(url);
  let closedWith = '';
  own.on('error', (error: Error) => (closedWith = error.message));
  try {
    const ch = await own.createChannel();
    ch.on('error', () => undefined);
    await ch.deleteQueue(queue, { ifEmpty: true });
    return true;
  } catch (error) {
    // Not empty: a channel error (406). A quorum queue: the connection closes with 540 NOT_IMPLEMENTED.
    await new Promise((resolve) => setImmediate(resolve));
    if (!/NOT_IMPLEMENTED/.test(`${closedWith} ${(error as Error).message}`)) return false;
  } finally {
    await own.close().catch(() => undefined);
  }
  const state = await probe(conn, queue);
  if (state.messages > 0) return false;
  const deleted = await attempt(conn, (ch) => ch.deleteQueue(queue));
  if (!deleted.ok) throw deleted.error;
  return true;
}

/** Declares `queue` as lib-events does and binds it as before: to its service's exchange under its name, and `bindings`. */
async function declareAsToday(conn: ChannelModel, queue: string, bindings: Binding[]): Promise<void> {
  const declaration = declarationFor(queue)!;
  const t = topologyFor(declaration.service);
  const known = queue === t.queue ? (KNOWN_SUBSCRIPTIONS[declaration.service] ?? []).map((routingKey) => ({ exchange: EXCHANGE, routingKey })) : [];
  const declared = await attempt(conn, async (ch) => {
    await ch.assertQueue(queue, declaration.options);
    await ch.assertExchange(EXCHANGE, 'topic', { durable: true });
    await ch.assertExchange(t.retryExchange, 'direct', { durable: true });
    await ch.bindQueue(queue, t.retryExchange, queue);
    for (const b of [...known, ...bindings]) if (b.exchange && b.exchange !== t.retryExchange) await ch.bindQueue(queue, b.exchange, b.routingKey);
  });
  if (!declared.ok) throw declared.error;
}

async function migrateOne(url: string, conn: ChannelModel, queue: string, bindings: Binding[]): Promise<MigrationOutcome> {
  const declaration = declarationFor(queue);
  if (!declaration) throw new Error(`${queue} is not a queue of lib-events' naming (<service>.events, .events.dlq, .events.retry.<ms>ms)`);
  const holding = holdingQueue(queue);
  const [current, held] = [await probe(conn, queue), await probe(conn, holding)];
  if (current.exists) {
    const same = await attempt(conn, (ch) => ch.assertQueue(queue, declaration.options));
    if (!same.ok && !/inequivalent arg/.test(same.error.message)) throw same.error;
    if (same.ok && !held.exists) return { queue, result: 'current', count: 0 };
    if (!same.ok) {
      if (current.consumers > 0) return { queue, result: 'busy', count: current.consumers };
      const made = await attempt(conn, (ch) => ch.assertQueue(holding, HOLDING_OPTIONS));
      if (!made.ok) throw made.error;
      let drained = false;
      for (let round = 0; round < DRAIN_ROUNDS && !drained; round++) {
        await move(conn, queue, holding);
        // Deleted only if nothing arrived meanwhile (a publish after the drain would be lost with it).
        drained = await deleteIfEmpty(url, conn, queue);
      }
      if (!drained) throw new Error(`${queue}: messages kept arriving during ${DRAIN_ROUNDS} drains; stop its publishers and run the migration again`);
      await declareAsToday(conn, queue, bindings);
    }
  } else if (!held.exists) {
    return { queue, result: 'absent', count: 0 };
  } else {
    // A run that stopped between the delete and the declaration: finish it.
    await declareAsToday(conn, queue, bindings);
  }
  const count = await move(conn, holding, queue);
  if (!(await deleteIfEmpty(url, conn, holding))) throw new Error(`${holding}: messages arrived while it was emptied; run the migration again`);
  return { queue, result: 'migrated', count };
}

/**
 * Declares again, as lib-events declares them today, the queues of its naming that were declared otherwise (the
 * classic queues of a broker from before quorum queues, or an older argument): a queue type is fixed at
 * declaration, so each is drained into a holding queue, deleted, declared anew, bound again (its service's
 * exchange, the known subscriptions, `bindings`) and refilled in order. Every move is confirmed before its
 * message is acked; a crash mid-way leaves the messages in `<queue>.migrating`, which the next run moves back.
 * A queue with consumers is left alone ('busy'): stop the services using it first. `url`: AMQP_URL (a list allowed).
 */
export async function migrateQueues(url: string, queues: string[], bindings: Readonly<Record<string, Binding[]>> = {}): Promise<MigrationOutcome[]> {
  const conn = await connectFirst(url);
  conn.on('error', () => undefined);
  try {
    const outcomes: MigrationOutcome[] = [];
    for (const queue of queues) outcomes.push(await migrateOne(url, conn, queue, bindings[queue] ?? []));
    return outcomes;
  } finally {
    await conn.close().catch(() => undefined);
  }
}

/** The queues of the known consumers (KNOWN_SUBSCRIPTIONS) with the given retry delays. */
export function knownQueues(retryDelaysMs: readonly number[]): string[] {
  return Object.keys(KNOWN_SUBSCRIPTIONS).flatMap((service) => {
    const t = topologyFor(service);
    return [t.queue, t.dlq, ...retryDelaysMs.map((delay) => t.retryQueue(delay))];
  });
}
