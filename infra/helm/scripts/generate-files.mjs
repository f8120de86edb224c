// Writes the chart's generated files from the repository's own sources, so the chart imports the same realm
// and grants the same broker permissions as the compose stack:
//   files/realm-kidslearn.json    the realm in operator mode (infra/keycloak/prepare-realm.mjs: no demo users,
//                                 no kidslearn-test client, no "Google" stand-in), its secrets left as Keycloak
//                                 import placeholders filled from Secrets by the KeycloakRealmImport
//   files/broker-permissions.json each service's vhost and topic permissions (infra/rabbitmq/definitions.mjs)
//   files/broker-queues.json      each service's main queue and DLQ with the arguments lib-events declares them with
//                                 (infra/rabbitmq/definitions.mjs; the chart tests compare them with lib-events)
//
// Usage: node infra/helm/scripts/generate-files.mjs           (write)
//        node infra/helm/scripts/generate-files.mjs --check   (exit 1 naming every file that is out of date)
//        --files-dir <dir> compares with or writes to another directory (tests)
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareRealms } from '../../keycloak/prepare-realm.mjs';
import { permissionsFor, queueArguments, SERVICES } from '../../rabbitmq/definitions.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const keycloakDir = path.join(here, '..', '..', 'keycloak');

/** The chart substitutes its `publicUrl` for this origin when it renders the realm import. */
export const PUBLIC_URL_SENTINEL = 'https://kidslearn.public-url.invalid';
/** Keycloak fills `${NAME}` in an imported realm from the import job's environment (spec.placeholders). */
const placeholder = (name) => '${' + name + '}';
/** prepare-realm.mjs checks the values it is given; these pass the checks and are replaced below. */
const STAND_IN_SECRET = 'x'.repeat(32);

function operatorRealm() {
  const realm = JSON.parse(readFileSync(path.join(keycloakDir, 'realm-kidslearn.json'), 'utf8'));
  const env = {
    KIDSLEARN_DEMO: 'false',
    KIDSLEARN_PUBLIC_URL: PUBLIC_URL_SENTINEL,
    KEYCLOAK_BACKEND_SECRET: STAND_IN_SECRET,
    SMTP_HOST: 'smtp.invalid',
    SMTP_PORT: '587',
    SMTP_FROM: 'noreply@kidslearn.invalid',
    SMTP_USER: 'stand-in',
    SMTP_PASSWORD: 'stand-in',
    // With the Google provider; the chart removes it unless the operator names a Google client Secret.
    GOOGLE_CLIENT_ID: placeholder('GOOGLE_CLIENT_ID'),
    GOOGLE_CLIENT_SECRET: placeholder('GOOGLE_CLIENT_SECRET'),
  };
  const prepared = prepareRealms({ 'realm-kidslearn.json': realm }, env)['realm-kidslearn.json'];
  const backend = prepared.clients.find((client) => client.clientId === 'kidslearn-backend');
  backend.secret = placeholder('KEYCLOAK_BACKEND_SECRET');
  // Every SMTP setting comes from the operator's SMTP Secret (host, port, from, user, password).
  for (const [key, name] of [['host', 'SMTP_HOST'], ['port', 'SMTP_PORT'], ['from', 'SMTP_FROM'], ['user', 'SMTP_USER'], ['password', 'SMTP_PASSWORD']]) {
    prepared.smtpServer[key] = placeholder(name);
  }
  return prepared;
}

function brokerPermissions() {
  return Object.fromEntries(SERVICES.map((service) => [service, permissionsFor(service)]));
}

/** File name → content, as the chart holds them. */
export function generatedFiles() {
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  const brokerQueues = Object.fromEntries(SERVICES.map((service) => [service, queueArguments(service)]));
  return { 'realm-kidslearn.json': json(operatorRealm()), 'broker-permissions.json': json(brokerPermissions()), 'broker-queues.json': json(brokerQueues) };
}

function main(args) {
  const check = args.includes('--check');
  const at = args.indexOf('--files-dir');
  const filesDir = at >= 0 ? path.resolve(args[at + 1]) : path.join(here, '..', 'kidslearn', 'files');
  const stale = [];
  for (const [name, content] of Object.entries(generatedFiles())) {
    const file = path.join(filesDir, name);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (current === content) continue;
    if (check) stale.push(name);
    else writeFileSync(file, content);
  }
  if (stale.length > 0) {
    console.error(`out of date in ${filesDir}: ${stale.join(', ')}; run: node infra/helm/scripts/generate-files.mjs`);
    process.exit(1);
  }
  console.log(check ? 'chart files are up to date' : `chart files written to ${filesDir}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
