// The production engines for the integration suite where a container engine exists (KIDSLEARN_INFRA=containers):
// MongoDB 7 as a one-member replica set (the only real MongoDB: no registry here serves it), RabbitMQ, Redis and
// Keycloak with the project's realm imported. Plain data, so what is started, and what the tests are handed, is
// tested without an engine (test/containers.test.ts); start.ts turns it into testcontainers' GenericContainers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { KEYCLOAK_VERSION, realmFiles } from '../../components/keycloak';
import type { DevSecrets } from '../../dev-secrets';
import { repoRoot } from '../../paths';

/** Pinned: the chart's (infra/helm/kidslearn/values.yaml) where it pins one, else the compose stack's. */
export const IMAGES = {
  mongo: 'mongo:7.0.25',
  rabbitmq: 'rabbitmq:4.1.4-management',
  redis: 'redis:7.4.2-alpine',
  keycloak: `quay.io/keycloak/keycloak:${KEYCLOAK_VERSION}`,
} as const;

export type Engine = keyof typeof IMAGES;

/** The host port Keycloak reaches the local runner's maildev on (testcontainers' host alias). */
export const MAILDEV_SMTP_PORT = 1025;
export const HOST_ALIAS = 'host.testcontainers.internal';

export type WaitFor = { kind: 'log'; message: string; times?: number } | { kind: 'http'; path: string; port: number };

export interface ContainerSpec {
  engine: Engine;
  image: string;
  /** container ports published on free host ports */
  ports: number[];
  command?: string[];
  env: Record<string, string>;
  /** files written into the container before it starts */
  files: { target: string; content: string }[];
  /** directories of the repository copied in before it starts */
  directories: { source: string; target: string }[];
  wait: WaitFor;
  startupTimeoutMs: number;
  /** commands run in the container once it is up, in order (e.g. initiating the replica set) */
  afterStart: string[][];
}

export interface BrokerCredentials {
  user: string;
  password: string;
}

const REPLICA_SET = 'rs0';

/** The realm files as Keycloak imports them here: mail goes to the host's maildev, not the container's localhost. */
export function realmImports(): { target: string; content: string }[] {
  return realmFiles().map((file) => {
    const realm = JSON.parse(readFileSync(path.join(repoRoot, 'infra', 'keycloak', file), 'utf8')) as { smtpServer?: { host?: string; port?: string } };
    if (realm.smtpServer?.host === 'localhost') realm.smtpServer = { ...realm.smtpServer, host: HOST_ALIAS, port: String(MAILDEV_SMTP_PORT) };
    return { target: `/opt/keycloak/data/import/${file}`, content: JSON.stringify(realm) };
  });
}

export function containerSpecs(secrets: DevSecrets, broker: BrokerCredentials): ContainerSpec[] {
  return [
    {
      engine: 'mongo',
      image: IMAGES.mongo,
      ports: [27017],
      // A replica set of one: transactions and change streams work as in production (a standalone has neither).
      command: ['--replSet', REPLICA_SET, '--bind_ip_all'],
      env: {},
      files: [],
      directories: [],
      wait: { kind: 'log', message: 'Waiting for connections' },
      startupTimeoutMs: 120_000,
      afterStart: [
        ['mongosh', '--quiet', '--eval', `rs.initiate({ _id: '${REPLICA_SET}', members: [{ _id: 0, host: 'localhost:27017' }] })`],
        // Until the member is primary: writes before that fail.
        ['mongosh', '--quiet', '--eval', 'while (!db.hello().isWritablePrimary) sleep(200)'],
      ],
    },
    {
      engine: 'rabbitmq',
      image: IMAGES.rabbitmq,
      ports: [5672],
      env: {},
      // guest may connect only from the container's loopback: the tests get a user of this run.
      files: [
        {
          target: '/etc/rabbitmq/conf.d/90-kidslearn-tests.conf',
          content: [`default_user = ${broker.user}`, `default_pass = ${broker.password}`, 'default_user_tags.administrator = true', ''].join('\n'),
        },
      ],
      directories: [],
      wait: { kind: 'log', message: 'Server startup complete' },
      startupTimeoutMs: 120_000,
      afterStart: [],
    },
    {
      engine: 'redis',
      image: IMAGES.redis,
      ports: [6379],
      // In memory, as the local runner's (tests never rely on persistence).
      command: ['redis-server', '--save', '', '--appendonly', 'no'],
      env: {},
      files: [],
      directories: [],
      wait: { kind: 'log', message: 'Ready to accept connections' },
      startupTimeoutMs: 60_000,
      afterStart: [],
    },
    {
      engine: 'keycloak',
      image: IMAGES.keycloak,
      ports: [8080],
      command: ['start-dev', '--import-realm', '--http-port=8080', '--hostname-strict=false'],
      env: {
        KC_BOOTSTRAP_ADMIN_USERNAME: 'admin',
        KC_BOOTSTRAP_ADMIN_PASSWORD: secrets.keycloakAdminPassword,
        // The realm file holds ${KEYCLOAK_BACKEND_SECRET}; Keycloak fills it from its environment at import.
        KEYCLOAK_BACKEND_SECRET: secrets.keycloakBackendSecret,
      },
      files: realmImports(),
      directories: [{ source: path.join(repoRoot, 'infra', 'keycloak', 'themes'), target: '/opt/keycloak/themes' }],
      wait: { kind: 'http', path: '/realms/kidslearn/.well-known/openid-configuration', port: 8080 },
      startupTimeoutMs: 240_000,
      afterStart: [],
    },
  ];
}

/** Where a started container's published port is reached from the host. */
export type Endpoint = (engine: Engine, port: number) => { host: string; port: number };

/** The variables of docs/CONTRACTS.md pointing at the started containers (the local maildev stays). */
export function containersEnv(at: Endpoint, secrets: DevSecrets, broker: BrokerCredentials): Record<string, string> {
  const mongo = at('mongo', 27017);
  const rabbit = at('rabbitmq', 5672);
  const redis = at('redis', 6379);
  const keycloak = at('keycloak', 8080);
  return {
    // One member that calls itself localhost:27017 inside its container: reached directly, not through discovery.
    MONGO_URL: `mongodb://${mongo.host}:${mongo.port}/kidslearn-test?directConnection=true`,
    AMQP_URL: `amqp://${encodeURIComponent(broker.user)}:${encodeURIComponent(broker.password)}@${rabbit.host}:${rabbit.port}`,
    REDIS_URL: `redis://${redis.host}:${redis.port}`,
    KEYCLOAK_URL: `http://${keycloak.host}:${keycloak.port}`,
    KEYCLOAK_REALM: 'kidslearn',
    KEYCLOAK_BACKEND_SECRET: secrets.keycloakBackendSecret,
    KEYCLOAK_ADMIN_USER: 'admin',
    KEYCLOAK_ADMIN_PASSWORD: secrets.keycloakAdminPassword,
  };
}
