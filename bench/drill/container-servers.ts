// KIDSLEARN_INFRA=containers: the drills' servers are the production engines as containers (infra/local's
// testcontainers setup: MongoDB 7 replica set, RabbitMQ 4, Redis, Keycloak) instead of the local runner's private
// servers. Only drills that leave the servers up run so (the replicas drill kills service instances, not servers);
// a drill that stops a server is refused with the reason.
import { devSecrets } from '../../infra/local/src/dev-secrets';
import type { DrillServers } from './servers';

const refuse = (what: string) => async (): Promise<never> => {
  throw new Error(`${what} is not taken down under KIDSLEARN_INFRA=containers: run this drill on the local runner's private servers`);
};

function server(name: string, url: string): DrillServers['redis'] {
  const port = Number(new URL(url).port);
  return { name, url, port, stop: refuse(name), start: refuse(name), dispose: async () => undefined };
}

export async function startContainerDrillServers(): Promise<DrillServers> {
  const { startEngines } = await import('../../infra/local/src/jest/containers/start');
  const engines = await startEngines(devSecrets());
  // Keycloak too: the drills' learners and the services' token checks use the container's.
  Object.assign(process.env, engines.env);
  const mongo = engines.env.MONGO_URL!;
  return {
    broker: { url: engines.env.AMQP_URL!, stopApp: refuse('the broker'), startApp: refuse('the broker'), dispose: async () => undefined },
    redis: server('redis', engines.env.REDIS_URL!),
    db: server('mongo', mongo),
    // One MongoDB: gems' database is a database of its own on it (the fleet names each service's database).
    gemsDb: server('mongo', mongo),
    dispose: () => engines.stop(),
  };
}
