import type { Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connection, Model } from 'mongoose';
import { createAuth, type Auth } from '@kidslearn/lib-auth';
import type { CommonConfig, Logger } from '@kidslearn/lib-core';
import { EventBus, subscribeEvents, type EventHandlers } from '@kidslearn/lib-events';
import { closeServer, createApp, finishApp, listen, serveOpenApi } from '@kidslearn/lib-http';
import { connectMongo, createOutbox, mongoReady, type Outbox } from '@kidslearn/lib-mongo';
import { connectRedis, redisReady, type Redis } from '@kidslearn/lib-redis';

type Hook = () => Promise<unknown> | unknown;

/** What a service's wiring gets: its connections, its app, and where to hang its parts. */
export interface ServiceContext<C extends CommonConfig> {
  config: C;
  logger: Logger;
  db: Connection;
  redis: Redis;
  bus: EventBus;
  /** Bearer-token guards for the realm (lib-auth). */
  auth: Auth;
  /** Express app with the kit's middleware, /healthz and /readyz (mongo, redis, rabbitmq); add routes to it. */
  app: Express;
  /** The outbox of a collection: its relay runs while the service runs (lib-mongo createOutbox). */
  outbox<D>(model: Model<D>): Outbox<D>;
  /** Typed event handlers for this service's queue, subscribed when the service starts. */
  handle(handlers: EventHandlers): void;
  /** Runs at start, in order, once the handlers are subscribed and the outboxes publish, before the server listens. */
  onStart(hook: Hook): void;
  /** Runs at stop, in reverse order, after the server drained and before the outboxes and connections close. */
  onStop(hook: Hook): void;
}

export interface Service {
  app: Express;
  /** The service's connections (tests that take one away, operators' tools). */
  readonly connections: { db: Connection; redis: Redis; bus: EventBus };
  /** Subscribes, starts the outboxes and the start hooks, listens on HOST:PORT; resolves with the base URL. */
  start(): Promise<string>;
  /** Drains the server, runs the stop hooks, stops the outboxes, closes the bus, Redis and the database. */
  stop(): Promise<void>;
}

export interface ServiceDefinition<C extends CommonConfig, X extends object> {
  /** The service's OpenAPI document (GET /openapi.json). */
  openApi?: object;
  /** Adds the service's routes, handlers and jobs; what it returns is added to the service (tests, operators). */
  wire(ctx: ServiceContext<C>): Promise<X> | X;
}

/**
 * One service: connects the database, Redis and the broker, builds the app, lets `wire` add the service's
 * parts, and returns it unstarted (tests start it in-process; runService starts it as a process).
 */
export async function createService<C extends CommonConfig, X extends object>(config: C, logger: Logger, definition: ServiceDefinition<C, X>): Promise<Service & X> {
  const db = await connectMongo(config.MONGO_URL, logger);
  const redis = connectRedis(config.REDIS_URL, logger);
  const bus = await EventBus.connect({ url: config.AMQP_URL, serviceName: config.SERVICE_NAME, logger });
  const app = createApp({
    name: config.SERVICE_NAME,
    logger,
    trustProxy: config.TRUST_PROXY,
    readiness: { mongo: mongoReady(db), redis: redisReady(redis), rabbitmq: () => bus.check() },
  });
  if (definition.openApi) serveOpenApi(app, definition.openApi);
  const auth = createAuth({ keycloakUrl: config.KEYCLOAK_URL, issuerUrl: config.KEYCLOAK_ISSUER_URL, realm: config.KEYCLOAK_REALM });
  const outboxes: Outbox<unknown>[] = [];
  const handlers: EventHandlers = {};
  const starts: Hook[] = [];
  const stops: Hook[] = [];
  const ctx: ServiceContext<C> = {
    config,
    logger,
    db,
    redis,
    bus,
    auth,
    app,
    outbox<D>(model: Model<D>) {
      const outbox = createOutbox({ model, bus, logger });
      outboxes.push(outbox as Outbox<unknown>);
      return outbox;
    },
    handle(more) {
      for (const type of Object.keys(more) as (keyof EventHandlers)[]) {
        if (handlers[type]) throw new Error(`${config.SERVICE_NAME}: two handlers for ${type}`);
      }
      Object.assign(handlers, more);
    },
    onStart: (hook) => void starts.push(hook),
    onStop: (hook) => void stops.push(hook),
  };
  const extra = await definition.wire(ctx);
  finishApp(app, logger);

  let server: Server | undefined;
  let stopped = false;
  return {
    ...extra,
    app,
    connections: { db, redis, bus },
    async start() {
      if (Object.keys(handlers).length > 0) await subscribeEvents(bus, handlers);
      for (const outbox of outboxes) outbox.start();
      for (const hook of starts) await hook();
      server = await listen(app, config.PORT, undefined, config.HOST);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (server) await closeServer(server);
      for (const hook of [...stops].reverse()) await hook();
      await Promise.all(outboxes.map((outbox) => outbox.stop()));
      await bus.close();
      // Redis may be unreachable while stopping: that must not fail the shutdown.
      await redis.quit().catch(() => redis.disconnect());
      await db.close();
    },
  };
}
