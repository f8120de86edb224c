import { KEYCLOAK_URL } from './components/keycloak';
import { SMTP_PORT, WEB_PORT } from './components/maildev';
import { devSecrets } from './dev-secrets';

/** The URLs of docs/CONTRACTS.md for tests and app processes; values already set win. */
export function infraEnv(existing: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const defaults: Record<string, string> = {
    KEYCLOAK_URL,
    KEYCLOAK_REALM: 'kidslearn',
    KEYCLOAK_BACKEND_SECRET: devSecrets().keycloakBackendSecret,
    KEYCLOAK_ADMIN_USER: 'admin',
    KEYCLOAK_ADMIN_PASSWORD: devSecrets().keycloakAdminPassword,
    MONGO_URL: 'mongodb://127.0.0.1:27017/kidslearn-test',
    AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
    REDIS_URL: 'redis://127.0.0.1:6379',
    SMTP_HOST: 'localhost',
    SMTP_PORT: String(SMTP_PORT),
    MAILDEV_URL: `http://localhost:${WEB_PORT}`,
    PORTAL_URL: 'http://localhost:3000',
    GATEWAY_URL: 'http://localhost:4000',
    CONTENT_URL: 'http://127.0.0.1:4001',
    QUIZ_URL: 'http://127.0.0.1:4002',
    GEMS_URL: 'http://127.0.0.1:4003',
    GIFTS_URL: 'http://127.0.0.1:4004',
    CHROMIUM_PATH: '/usr/bin/chromium',
  };
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(defaults)) result[key] = existing[key] ?? value;
  return result;
}
