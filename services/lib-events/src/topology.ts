import type { Channel, Options } from 'amqplib';

export const EXCHANGE = 'kidslearn.events';

/**
 * Deliveries a message may be handed back from a consumer (a channel closed mid-handle, a crash, a nack with
 * requeue) before RabbitMQ dead-letters it from the main queue to the DLQ. A handler that throws never counts
 * here: the bus moves its message to a delay queue and acks it (the retry ladder, maxAttempts). This bounds
 * what the ladder cannot see, a message that takes its consumer down every time. 10 leaves room for honest
 * returns (a rolling restart of the broker or of the service returns what was in flight) and ends a crash
 * loop after ten restarts; messages prefetched beside the poison may share its fate (then replay the DLQ).
 */
export const DELIVERY_LIMIT = 10;
/**
 * The DLQ must never drop a letter. Listing it (basic.get, then the channel closes) hands every message back,
 * which counts as a delivery before RabbitMQ 4.3; RabbitMQ 4.0–4.2 applies a default limit of 20 (a letter
 * would vanish at the 21st listing) and `-1`, unlimited there, drops at the first return on 3.x (measured on
 * 3.10). A limit no listing reaches works on every version.
 */
export const DLQ_DELIVERY_LIMIT = 1_000_000;

export interface Topology {
  queue: string;
  dlq: string;
  /**
   * This service's own direct exchange: the bus publishes retries and dead letters to it (routing key = the
   * target queue's name) and its queues dead-letter through it, so no service needs the default exchange.
   */
  retryExchange: string;
  retryQueue(delayMs: number): string;
}

export function topologyFor(serviceName: string): Topology {
  const queue = `${serviceName}.events`;
  return { queue, dlq: `${queue}.dlq`, retryExchange: `${serviceName}.retry`, retryQueue: (delayMs) => `${queue}.retry.${delayMs}ms` };
}

/** Delay for the attempt that just failed (1-based): the list is used in order, its last value repeats. */
export function retryDelayFor(failedAttempt: number, delays: number[]): number {
  const last = delays[delays.length - 1] ?? 1000;
  return delays[failedAttempt - 1] ?? last;
}

// Every queue is a quorum queue: replicated on the cluster's nodes (RabbitMQ 4 has no other replicated queue
// type), durable, its type fixed when it is declared.
const QUORUM = { 'x-queue-type': 'quorum' } as const;
// Dead-lettering keeps the message in its queue until the target queue confirmed it. RabbitMQ's default
// (at-most-once) drops it when the target's leader is away: a node lost while a retry waits would lose the event.
// at-least-once needs reject-publish overflow (there is no length limit, so nothing is ever rejected).
const AT_LEAST_ONCE = { 'x-dead-letter-strategy': 'at-least-once', 'x-overflow': 'reject-publish' } as const;

export function mainQueueOptions(t: Topology): Options.AssertQueue {
  return {
    durable: true,
    arguments: { ...QUORUM, 'x-delivery-limit': DELIVERY_LIMIT, 'x-dead-letter-exchange': t.retryExchange, 'x-dead-letter-routing-key': t.dlq, ...AT_LEAST_ONCE },
  };
}

export function dlqOptions(): Options.AssertQueue {
  return { durable: true, arguments: { ...QUORUM, 'x-delivery-limit': DLQ_DELIVERY_LIMIT } };
}

/** Messages wait out the TTL, then dead-letter back into the main queue through the service's exchange. */
export function retryQueueOptions(t: Topology, delayMs: number): Options.AssertQueue {
  return {
    durable: true,
    arguments: { ...QUORUM, 'x-message-ttl': delayMs, 'x-dead-letter-exchange': t.retryExchange, 'x-dead-letter-routing-key': t.queue, ...AT_LEAST_ONCE },
  };
}

const QUEUE_NAME = /^(.+)\.events(?:\.(dlq)|\.retry\.(\d+)ms)?$/;

/** The declaration lib-events makes for a queue of its naming (`S.events`, `S.events.dlq`, `S.events.retry.<ms>ms`); undefined for any other name. */
export function declarationFor(queue: string): { service: string; options: Options.AssertQueue } | undefined {
  const match = QUEUE_NAME.exec(queue);
  if (!match) return undefined;
  const [, service, dlq, delay] = match as unknown as [string, string, string | undefined, string | undefined];
  const t = topologyFor(service);
  const options = dlq ? dlqOptions() : delay ? retryQueueOptions(t, Number(delay)) : mainQueueOptions(t);
  return { service, options };
}

export async function declareExchange(ch: Channel): Promise<void> {
  await ch.assertExchange(EXCHANGE, 'topic', { durable: true });
}

/**
 * The consumer side: the service's exchange, main queue, DLQ and one delay queue per retry delay, each bound to
 * the service's exchange under its own name, and the main queue bound to its event types.
 */
export async function declareConsumerQueues(ch: Channel, t: Topology, delays: number[], types: Iterable<string>): Promise<void> {
  await declareExchange(ch);
  await ch.assertExchange(t.retryExchange, 'direct', { durable: true });
  await ch.assertQueue(t.queue, mainQueueOptions(t));
  await ch.assertQueue(t.dlq, dlqOptions());
  const own = [t.queue, t.dlq];
  for (const delay of new Set(delays)) {
    await ch.assertQueue(t.retryQueue(delay), retryQueueOptions(t, delay));
    own.push(t.retryQueue(delay));
  }
  for (const queue of own) await ch.bindQueue(queue, t.retryExchange, queue);
  for (const type of types) await ch.bindQueue(t.queue, EXCHANGE, type);
}

/**
 * Main queue and bindings of every known consumer (their DLQs and retry queues are their own business), so an
 * event published before its consumer first started waits for it. Each is declared exactly as its owner
 * declares it. RabbitMQ lets a service that is not the owner create one only with the owner's rights (read on
 * the queue, write on its dead-letter exchange): where users are per service (the operator stack) the queues
 * come from the broker's definitions or the chart, and a refusal here is reported and skipped.
 */
export async function declareKnownQueues(
  open: () => Promise<Channel>,
  subscriptions: Readonly<Record<string, readonly string[]>>,
  onRefused: (queue: string, error: Error) => void,
): Promise<void> {
  let ch: Channel | undefined;
  for (const [serviceName, types] of Object.entries(subscriptions)) {
    const t = topologyFor(serviceName);
    ch ??= await open();
    try {
      await ch.assertQueue(t.queue, mainQueueOptions(t));
      for (const type of types) await ch.bindQueue(t.queue, EXCHANGE, type);
    } catch (error) {
      onRefused(t.queue, error as Error);
      ch = undefined; // the broker closed the channel with its refusal
    }
  }
  await ch?.close();
}
