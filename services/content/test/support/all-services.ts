// All four services in this process, each with its own fresh database, on a RabbitMQ virtual host of this
// test file's own (the exchange is shared: on the run's vhost other files' services would answer our events),
// against the real FerretDB, Redis and Keycloak. stop() drops the databases and the vhost.
import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { EventBus, type EventEnvelope } from '@kidslearn/lib-events';
import { env, roundRobin, testInstances, uniqueDbUrl } from '@kidslearn/lib-testkit';
import { createTestVhost, deleteTestVhost, withVhost } from '../../../../infra/local/src/jest/test-vhost';
import { buildService as buildGems } from '../../../gems/src/app';
import { readConfig as readGemsConfig } from '../../../gems/src/config';
import { buildService as buildGifts } from '../../../gifts/src/app';
import { readConfig as readGiftsConfig } from '../../../gifts/src/config';
import { buildService as buildQuiz } from '../../../quiz/src/app';
import { readConfig as readQuizConfig } from '../../../quiz/src/config';
import { startContent } from './service';

export type Fleet = Awaited<ReturnType<typeof startAllServices>>;
export type ServiceName = 'content' | 'quiz' | 'gems' | 'gifts';

/** Every service with `instances` (default TEST_INSTANCES, else 1) instances each, behind one URL per service. */
export async function startAllServices(contentOverrides: Record<string, string> = {}, { instances = testInstances() }: { instances?: number } = {}) {
  const suffix = randomUUID().slice(0, 8);
  const vhost = await createTestVhost();
  const amqpUrl = vhost ? withVhost(env().AMQP_URL, vhost) : env().AMQP_URL;
  const level = process.env.TEST_LOG_LEVEL ?? 'silent';
  const base = { ...process.env, ...env(), AMQP_URL: amqpUrl, PORT: '0', LOG_LEVEL: level };
  const dbs: Record<ServiceName, string> = { content: uniqueDbUrl('erase-content'), quiz: uniqueDbUrl('erase-quiz'), gems: uniqueDbUrl('erase-gems'), gifts: uniqueDbUrl('erase-gifts') };

  const started: { stop(): Promise<void> }[] = [];
  const many = async <S extends { start(): Promise<string>; stop(): Promise<void> }>(build: () => Promise<S>) => {
    const services: S[] = [];
    for (let i = 0; i < instances; i += 1) services.push(await build());
    const front = await roundRobin(await Promise.all(services.map((service) => service.start())));
    started.push({ stop: async () => (await front.close(), await Promise.all(services.map((service) => service.stop())), undefined) });
    return front.url;
  };
  const quizUrl = await many(() => buildQuiz(readQuizConfig({ ...base, SERVICE_NAME: `quiz-erase-${suffix}`, MONGO_URL: dbs.quiz }), createLogger('quiz', level)));
  const gemsUrl = await many(() => buildGems(readGemsConfig({ ...base, SERVICE_NAME: `gems-erase-${suffix}`, MONGO_URL: dbs.gems }), createLogger('gems', level)));
  const giftsUrl = await many(() => buildGifts(readGiftsConfig({ ...base, SERVICE_NAME: `gifts-erase-${suffix}`, MONGO_URL: dbs.gifts, REDEMPTION_WAIT_MS: '10000' }), createLogger('gifts', level)));
  const content = await startContent({ AMQP_URL: amqpUrl, MONGO_URL: dbs.content, QUIZ_URL: quizUrl, GEMS_URL: gemsUrl, GIFTS_URL: giftsUrl, ...contentOverrides }, { instances });

  const publisher = await EventBus.connect({ url: amqpUrl, serviceName: `erase-publisher-${suffix}`, logger: createLogger('publisher', level) });
  const connections = new Map<ServiceName, Connection>();
  const database = async (name: ServiceName): Promise<Connection> => {
    const known = connections.get(name);
    if (known) return known;
    const conn = await mongoose.createConnection(dbs[name]).asPromise();
    connections.set(name, conn);
    return conn;
  };

  return {
    content,
    quizUrl,
    gemsUrl,
    giftsUrl,
    publish: (event: EventEnvelope) => publisher.publish(event),
    database,
    /** Every document of every collection of the service's database, as JSON text. */
    async dump(name: ServiceName): Promise<string> {
      const db = (await database(name)).db!;
      const parts: string[] = [];
      for (const { name: collection } of await db.listCollections().toArray()) {
        const docs = await db.collection(collection).find({}).toArray();
        parts.push(`${collection}: ${JSON.stringify(docs)}`);
      }
      return parts.join('\n');
    },
    async stop() {
      await publisher.close();
      await content.stop();
      for (const service of started.reverse()) await service.stop();
      for (const name of Object.keys(dbs) as ServiceName[]) {
        const conn = await database(name);
        await conn.dropDatabase().catch(() => undefined);
        await conn.close();
      }
      if (vhost) await deleteTestVhost(vhost);
    },
  };
}

/** JSON call to a service over HTTP. */
export async function call(url: string, method: string, token?: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, body: json as any };
}
