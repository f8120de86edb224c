import { randomBytes } from 'node:crypto';

/**
 * A secret the Jest global setup hands over (infra/local makes them per machine): there is no default,
 * so no test, and no service it starts, ever runs with a known secret.
 */
export function secret(name: 'KEYCLOAK_BACKEND_SECRET' | 'KEYCLOAK_ADMIN_PASSWORD'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through Jest's global setup (it reads infra/local's machine secrets)`);
  return value;
}

/** The infrastructure the tests talk to: env vars set by the Jest global setup, else CONTRACTS defaults. */
export function env() {
  const e = process.env;
  return {
    KEYCLOAK_URL: e.KEYCLOAK_URL || 'http://localhost:8080',
    KEYCLOAK_REALM: e.KEYCLOAK_REALM || 'kidslearn',
    get KEYCLOAK_BACKEND_SECRET() {
      return secret('KEYCLOAK_BACKEND_SECRET');
    },
    MONGO_URL: e.MONGO_URL || 'mongodb://127.0.0.1:27017/kidslearn-test',
    AMQP_URL: e.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672',
    REDIS_URL: e.REDIS_URL || 'redis://127.0.0.1:6379',
    MAILDEV_URL: e.MAILDEV_URL || 'http://localhost:1080',
    GATEWAY_URL: e.GATEWAY_URL || 'http://localhost:4000',
  };
}

export function randomSuffix(bytes = 4): string {
  return randomBytes(bytes).toString('hex');
}

/** MONGO_URL pointed at a fresh database `kidslearn-test-<prefix>-<random>` (query string kept). */
export function uniqueDbUrl(prefix = 'db'): string {
  const url = new URL(env().MONGO_URL);
  url.pathname = `/kidslearn-test-${prefix.replace(/[^A-Za-z0-9_-]/g, '-')}-${randomSuffix()}`;
  return url.toString();
}
