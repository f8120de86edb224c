import amqp from 'amqplib';
import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage, RecoveringChannelModel } from 'amqplib';
import type { Logger } from '@kidslearn/lib-core';
import { encodeEnvelope, parseEnvelope } from './envelope';
import type { EventEnvelope } from './envelope';
import { KNOWN_SUBSCRIPTIONS } from './subscriptions';
import { EXCHANGE, declareConsumerQueues, declareExchange, declareKnownQueues, retryDelayFor, topologyFor } from './topology';
import { NodeList, describeNode } from './nodes';
import type { Topology } from './topology';
import { publishConfirmed } from './confirm';
import { publishRouted } from './routed';
import { PoisonMessageError } from './poison';
import { deferred, withTimeout } from './deferred';
import { markEvent } from './timing';
import type { Deferred } from './deferred';

export interface EventBusOptions {
  /** One broker URL, or the nodes of a cluster comma-separated (AMQP_URL): the bus fails over between them. */
  url: string;
  /** Names the queues: `<serviceName>.events`, `.events.dlq`, `.events.retry.<ms>ms`. */
  serviceName: string;
  logger: Logger;
  /** Unacknowledged deliveries per consumer (default DEFAULT_PREFETCH, 40). */
  prefetch?: number;
  /** Wait before attempt 2, 3, …; the last value repeats (default 1 s, 5 s, 15 s, 1 min, 5 min). */
  retryDelaysMs?: number[];
  /** Handler runs before a message goes to the DLQ (default 16 ≈ one hour with the default delays; retryDelaysMs.length + 1 when delays are given). */
  maxAttempts?: number;
  /** How long publish() keeps trying through reconnects before it rejects (default 30 s). */
  publishTimeoutMs?: number;
  /** Consumer queues declared on every connect (default: the system's, see subscriptions.ts). */
  knownSubscriptions?: Readonly<Record<string, readonly string[]>>;
}

export interface HandlerContext {
  attempt: number;
  redelivered: boolean;
}

export type EventHandler = (event: EventEnvelope, ctx: HandlerContext) => Promise<void> | void;

const ATTEMPT_HEADER = 'x-attempt';
/**
 * Infrastructure errors (a database outage, a restart) are retried for about an hour before the DLQ:
 * 1 + 5 + 15 + 60 s, then every 5 minutes. Poison messages skip the wait (PoisonMessageError).
 */
export const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 15000, 60_000, 300_000];
const DEFAULT_MAX_ATTEMPTS = 16;
/**
 * Deliveries a consumer handles at once. A handler mostly waits for its database, so a consumer's pace is about
 * prefetch ÷ handling time: at 10, under the learners drill gifts' queue held a median of 130–210 outcomes and
 * about 70 % of redemptions were answered 202 (decided later); at 40 its queue stayed empty and none was, and the
 * deliveries handled side by side share their reads and writes (lib-mongo readsOfOneTurn, groupCommit; gifts groups
 * at most 40 outcomes). The cost: a message that takes its consumer down returns up to this many beside it (the
 * delivery limit then dead-letters them with it: replay the DLQ, topology.ts).
 */
export const DEFAULT_PREFETCH = 40;
/** How long a message whose forward failed stays with the consumer before it is handed back. */
const FORWARD_RETRY_MS = 1000;

/**
 * RabbitMQ event bus: persistent messages with publisher confirms, manual acks with prefetch,
 * retry through delay queues, a dead-letter queue, and automatic reconnection (amqplib's
 * recovery) that re-declares the topology and restarts the consumer every time.
 */
export class EventBus {
  private readonly topology: Topology;
  private readonly delays: number[];
  private readonly maxAttempts: number;
  private readonly handlers = new Map<string, EventHandler>();
  private connected: Deferred<ChannelModel> = deferred();
  private publisher?: Promise<ConfirmChannel>;
  private consumer?: ConfirmChannel;
  private conn?: RecoveringChannelModel;
  private closing = false;
  private subscribing: Promise<void> = Promise.resolve();
  private readonly nodes: NodeList;

  private constructor(private readonly opts: EventBusOptions) {
    this.nodes = new NodeList(opts.url);
    this.topology = topologyFor(opts.serviceName);
    this.delays = opts.retryDelaysMs?.length ? opts.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS;
    this.maxAttempts = opts.maxAttempts ?? (opts.retryDelaysMs?.length ? this.delays.length + 1 : DEFAULT_MAX_ATTEMPTS);
  }

  static async connect(opts: EventBusOptions): Promise<EventBus> {
    const bus = new EventBus(opts);
    await bus.start();
    return bus;
  }

  private get log(): Logger {
    return this.opts.logger;
  }

  private async start(): Promise<void> {
    // amqplib's recovery reconnects to `nodes.target`, which answers the node tried now: every failed attempt
    // and every lost connection moves on to the next node of AMQP_URL's list (see nodes.ts).
    this.conn = await amqp.connect(this.nodes.target, {
      // Without TCP_NODELAY a small frame waits for the broker's delayed ACK: ~40 ms per hop.
      noDelay: true,
      keepAlive: true,
      // A node that does not answer (a host gone) is given up after 10 s, then the next one is tried.
      timeout: 10_000,
      recovery: {
        initialDelay: 200,
        maxDelay: 5000,
        maxRetries: Infinity,
        initialMaxRetries: 10 * this.nodes.nodes.length,
        // Listeners first: the failover must see the first attempts too.
        waitForConnect: false,
        setup: (model: ChannelModel) => this.onConnected(model),
      },
    });
    this.conn.on('connect-failed', (err: Error) => {
      this.log.warn({ node: describeNode(this.nodes.current), err: err?.message }, 'rabbitmq connection attempt failed');
      this.nodes.next();
    });
    this.conn.on('disconnect', (err: Error) => {
      this.log.warn({ node: describeNode(this.nodes.current), err: err?.message }, 'rabbitmq disconnected; reconnecting');
      this.nodes.next();
      if (this.connected.settled) this.connected = deferred();
      this.publisher = undefined;
      this.consumer = undefined;
    });
    this.conn.on('error', (err: Error) => this.log.warn({ err: err.message }, 'rabbitmq connection error'));
    await this.conn.waitForConnect();
    await withTimeout(this.connected.promise, 30_000, 'rabbitmq: no connection');
  }

  /** Runs after every (re)connect: declare everything again, restart the consumer. */
  private async onConnected(model: ChannelModel): Promise<void> {
    const ch = await model.createChannel();
    await declareExchange(ch);
    await ch.close();
    const open = async () => {
      const scratch = await model.createChannel();
      scratch.on('error', () => undefined); // a refusal closes it; declareKnownQueues reports it
      return scratch;
    };
    await declareKnownQueues(open, this.opts.knownSubscriptions ?? KNOWN_SUBSCRIPTIONS, (queue, err) =>
      this.log.warn({ queue, err: err.message }, 'known queue not declared (left to its consumer or the broker definitions)'),
    );
    if (this.handlers.size > 0) await this.startConsumer(model);
    this.publisher = undefined;
    if (this.connected.settled) this.connected = deferred();
    this.connected.resolve(model);
    this.log.info({ node: describeNode(this.nodes.current) }, 'rabbitmq connected');
  }

  /** Throws when the broker is not reachable right now (for /readyz). */
  async check(): Promise<void> {
    if (!this.connected.settled) throw new Error('rabbitmq not connected');
  }

  private async getPublisher(): Promise<ConfirmChannel> {
    const model = await this.connected.promise;
    if (!this.publisher) {
      const created = model.createConfirmChannel();
      this.publisher = created;
      created
        .then((ch) => {
          ch.on('error', (err: Error) => this.log.warn({ err: err.message }, 'publish channel error'));
          ch.on('close', () => {
            if (this.publisher === created) this.publisher = undefined;
          });
        })
        .catch(() => {
          if (this.publisher === created) this.publisher = undefined;
        });
    }
    return this.publisher;
  }

  /** Resolves once the broker confirmed the (persistent) message; retries through reconnects. */
  async publish(event: EventEnvelope): Promise<void> {
    const deadline = Date.now() + (this.opts.publishTimeoutMs ?? 30_000);
    markEvent('publish', event);
    for (let attempt = 1; ; attempt++) {
      if (this.closing) throw new Error('event bus is closed');
      try {
        const ch = await withTimeout(this.getPublisher(), Math.max(1, deadline - Date.now()), 'rabbitmq: no connection');
        await publishConfirmed(ch, EXCHANGE, event.type, encodeEnvelope(event), {
          persistent: true,
          contentType: 'application/json',
          messageId: event.id,
          type: event.type,
          timestamp: Math.floor(Date.now() / 1000),
          headers: { 'x-event-version': event.version },
        });
        markEvent('confirmed', event);
        return;
      } catch (err) {
        if (Date.now() >= deadline) throw err;
        this.log.warn({ err: (err as Error).message, eventId: event.id, attempt }, 'publish failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(1000, 100 * attempt)));
      }
    }
  }

  /** Routes the given event types to the handler through this service's queue. */
  subscribe(types: string | string[], handler: EventHandler): Promise<void> {
    const list = Array.isArray(types) ? types : [types];
    for (const type of list) this.handlers.set(type, handler);
    // Serialised so two quick subscribe() calls start one consumer, not two.
    const next = this.subscribing.then(async () => {
      const model = await this.connected.promise;
      if (!this.consumer) await this.startConsumer(model);
      else for (const type of list) await this.consumer.bindQueue(this.topology.queue, EXCHANGE, type);
    });
    this.subscribing = next.catch(() => undefined);
    return next;
  }

  private async startConsumer(model: ChannelModel): Promise<void> {
    const ch = await model.createConfirmChannel();
    this.consumer = ch;
    ch.on('error', (err: Error) => this.log.warn({ err: err.message }, 'consumer channel error'));
    ch.on('close', () => {
      if (this.consumer !== ch) return;
      this.consumer = undefined;
      // A channel-level error (connection still up) must not silently stop consumption.
      if (!this.closing && this.connected.settled) {
        void this.connected.promise.then((m) => (this.consumer ? undefined : this.startConsumer(m))).catch((err: Error) => this.log.error({ err: err.message }, 'consumer restart failed'));
      }
    });
    await ch.prefetch(this.opts.prefetch ?? DEFAULT_PREFETCH);
    await declareConsumerQueues(ch, this.topology, this.delays, this.handlers.keys()).catch((err: Error) => {
      // A queue declared before with other arguments (a classic queue of an older version) is refused for good.
      if (/inequivalent arg/.test(err.message)) this.log.error({ err: err.message }, 'a queue of this service differs from what lib-events declares: run `npm run events -- migrate-queues` (services/README.md)');
      throw err;
    });
    await ch.consume(this.topology.queue, (msg) => {
      if (msg) void this.onMessage(ch, msg);
    });
  }

  private async onMessage(ch: ConfirmChannel, msg: ConsumeMessage): Promise<void> {
    const attempt = Number(msg.properties.headers?.[ATTEMPT_HEADER] ?? 1) || 1;
    let event: EventEnvelope;
    try {
      event = parseEnvelope(msg.content);
    } catch (err) {
      return this.deadLetter(ch, msg, attempt, (err as Error).message);
    }
    markEvent('consume', event);
    const handler = this.handlers.get(event.type);
    try {
      // A type with no handler yet may be bound by a later subscribe() (or a newer deploy): retried, then
      // dead-lettered (replayable), never acked away.
      if (!handler) throw new Error(`no handler for event type ${event.type}`);
      await handler(event, { attempt, redelivered: msg.fields.redelivered });
      safeAck(ch, msg);
      markEvent('acked', event);
      // What a test waits for to know an event was consumed, also one the handler ignored or found a duplicate.
      this.log.debug({ eventId: event.id, type: event.type, attempt }, 'event handled');
    } catch (err) {
      const reason = (err as Error)?.message ?? String(err);
      if (err instanceof PoisonMessageError || attempt >= this.maxAttempts) return this.deadLetter(ch, msg, attempt, reason);
      const delay = retryDelayFor(attempt, this.delays);
      this.log.warn({ eventId: event.id, type: event.type, attempt, delay, err: reason }, 'event handler failed; will retry');
      await this.forward(ch, msg, this.topology.retryQueue(delay), { [ATTEMPT_HEADER]: attempt + 1 });
    }
  }

  private async deadLetter(ch: ConfirmChannel, msg: ConsumeMessage, attempt: number, reason: string): Promise<void> {
    this.log.error({ messageId: msg.properties.messageId, attempt, reason }, 'event dead-lettered');
    await this.forward(ch, msg, this.topology.dlq, { [ATTEMPT_HEADER]: attempt, 'x-error': reason.slice(0, 500), 'x-dead-lettered-at': new Date().toISOString() });
  }

  /**
   * Copy to another of this service's queues through its own exchange (confirmed), and only then ack the
   * original: at-least-once, never lost.
   */
  private async forward(ch: ConfirmChannel, msg: ConsumeMessage, queue: string, headers: Record<string, unknown>): Promise<void> {
    try {
      await publishRouted(ch, this.topology.retryExchange, queue, msg.content, { ...msg.properties, persistent: true, headers: { ...msg.properties.headers, ...headers } });
      safeAck(ch, msg);
    } catch (err) {
      // Handed back to the queue after a second (a channel already closed hands it back by itself): a message
      // that can never be forwarded reaches the DLQ through the queue's delivery limit, not in a tight loop.
      this.log.warn({ err: (err as Error).message, queue }, 'could not forward message; returning it to the queue');
      setTimeout(() => safeNack(ch, msg), FORWARD_RETRY_MS).unref();
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    try {
      await this.conn?.close();
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'rabbitmq close failed');
    }
  }

  /** Names of this service's queues (tests and diagnostics). */
  get queues(): Topology {
    return this.topology;
  }
}

function safeNack(ch: Channel, msg: ConsumeMessage): void {
  try {
    ch.nack(msg, false, true);
  } catch {
    // Channel already closed: the broker redelivers.
  }
}

function safeAck(ch: Channel, msg: ConsumeMessage): void {
  try {
    ch.ack(msg);
  } catch {
    // Channel already closed: the broker redelivers, the idempotent consumer ignores it.
  }
}
