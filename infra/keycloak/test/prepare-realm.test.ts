// infra/keycloak/prepare-realm.mjs, run as compose's realm-prep job runs it: the realm Keycloak imports carries
// the operator's backend secret, public URL and SMTP server, and none of the demo's accounts or stand-ins.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const keycloakDir = path.join(__dirname, '..');
const script = path.join(keycloakDir, 'prepare-realm.mjs');
const SECRET = 'b3c1e0f5a9d24c6e8f7a1b2c3d4e5f60718293a4b5c6d7e8';
const PUBLIC_URL = 'https://learn.example.org';
const operatorEnv = {
  KIDSLEARN_DEMO: 'false',
  KIDSLEARN_PUBLIC_URL: PUBLIC_URL,
  KEYCLOAK_BACKEND_SECRET: SECRET,
  SMTP_HOST: 'smtp.example.org',
  SMTP_PORT: '587',
  SMTP_USER: 'kidslearn-mailer',
  SMTP_PASSWORD: 'mail-password-from-the-provider',
  SMTP_FROM: 'no-reply@example.org',
};
const demoEnv = { ...operatorEnv, KIDSLEARN_DEMO: 'true', KIDSLEARN_PUBLIC_URL: 'http://localhost', SMTP_HOST: 'maildev', SMTP_PORT: '1025' };

interface Client {
  clientId: string;
  secret?: string;
  rootUrl?: string;
  baseUrl?: string;
  redirectUris?: string[];
  webOrigins?: string[];
  attributes?: Record<string, string>;
}
interface Realm {
  realm: string;
  clients: Client[];
  users?: { username: string; serviceAccountClientId?: string }[];
  smtpServer: Record<string, string>;
  identityProviders?: { alias: string; providerId: string; config: Record<string, string> }[];
  eventsEnabled?: boolean;
  adminEventsEnabled?: boolean;
}

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'prepare-realm-'));
  for (const file of ['realm-kidslearn.json', 'realm-google-upstream.json']) copyFileSync(path.join(keycloakDir, file), path.join(work, file));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function prepare(env: Record<string, string>) {
  const out = path.join(work, 'import');
  const result = spawnSync(process.execPath, [script, work, out], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  const read = (file: string) => JSON.parse(readFileSync(path.join(out, file), 'utf8')) as Realm;
  return { status: result.status, stderr: result.stderr, out, files: () => (existsSync(out) ? readdirSync(out).sort() : []), read };
}
const client = (realm: Realm, id: string) => realm.clients.find((c) => c.clientId === id);

describe('prepare-realm.mjs for operators', () => {
  it("when it prepares the realm, then the backend client's secret is the operator's and no placeholder or dev secret is left", () => {
    const run = prepare(operatorEnv);
    const text = readFileSync(path.join(run.out, 'realm-kidslearn.json'), 'utf8');

    expect(run.status).toBe(0);
    expect(client(run.read('realm-kidslearn.json'), 'kidslearn-backend')?.secret).toBe(SECRET);
    expect(text).not.toMatch(/\$\{KEYCLOAK_BACKEND_SECRET|dev-secret/);
  });

  it('when it prepares the realm, then the portal client redirects, logs out and allows origins on the public URL only', () => {
    const portal = client(prepare(operatorEnv).read('realm-kidslearn.json'), 'kidslearn-portal')!;

    expect(portal).toMatchObject({ rootUrl: PUBLIC_URL, baseUrl: `${PUBLIC_URL}/`, redirectUris: [`${PUBLIC_URL}/*`], webOrigins: [PUBLIC_URL] });
    expect(portal.attributes?.['post.logout.redirect.uris']).toBe(`${PUBLIC_URL}/*`);
  });

  it("when it prepares the realm, then Keycloak's mail goes to the operator's server with STARTTLS and credentials", () => {
    const { smtpServer } = prepare(operatorEnv).read('realm-kidslearn.json');

    expect(smtpServer).toMatchObject({ host: 'smtp.example.org', port: '587', from: 'no-reply@example.org', auth: 'true', user: 'kidslearn-mailer', password: 'mail-password-from-the-provider', starttls: 'true', ssl: 'false' });
  });

  it('when it prepares the realm, then there are no demo accounts, no test client and no "Google" stand-in (nor any localhost)', () => {
    const run = prepare(operatorEnv);
    const realm = run.read('realm-kidslearn.json');

    expect(run.files()).toEqual(['realm-kidslearn.json']);
    expect(realm.users?.map((user) => user.username)).toEqual(['service-account-kidslearn-backend']);
    expect(realm.clients.map((c) => c.clientId).sort()).toEqual(['kidslearn-backend', 'kidslearn-portal']);
    expect(realm.identityProviders).toEqual([]);
    expect(readFileSync(path.join(run.out, 'realm-kidslearn.json'), 'utf8')).not.toMatch(/localhost|google-upstream|kidslearn\.test/);
  });

  it('when the operator has a Google OAuth client, then Login with Google goes to Google itself', () => {
    const realm = prepare({ ...operatorEnv, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'google-secret' }).read('realm-kidslearn.json');

    expect(realm.identityProviders).toEqual([
      expect.objectContaining({ alias: 'google', providerId: 'google', config: expect.objectContaining({ clientId: 'id.apps.googleusercontent.com', clientSecret: 'google-secret' }) }),
    ]);
  });

  it('when it prepares the realm, then login and admin events stay recorded', () => {
    expect(prepare(operatorEnv).read('realm-kidslearn.json')).toMatchObject({ eventsEnabled: true, adminEventsEnabled: true });
  });

  it('when an earlier demo run left the stand-in realm in the import volume, then it is removed', () => {
    const demo = prepare(demoEnv);
    writeFileSync(path.join(demo.out, 'left-over.json'), '{}');
    expect(demo.files()).toEqual(['left-over.json', 'realm-google-upstream.json', 'realm-kidslearn.json']);

    const run = prepare(operatorEnv);

    expect(run.files()).toEqual(['realm-kidslearn.json']);
  });

  it.each([
    ['the backend secret is missing', { KEYCLOAK_BACKEND_SECRET: '' }, 'KEYCLOAK_BACKEND_SECRET is required'],
    ['the backend secret is short', { KEYCLOAK_BACKEND_SECRET: 'kidslearn' }, 'KEYCLOAK_BACKEND_SECRET is not valid'],
    ['the public URL is missing', { KIDSLEARN_PUBLIC_URL: '' }, 'KIDSLEARN_PUBLIC_URL is required'],
    ['the public URL is plain http', { KIDSLEARN_PUBLIC_URL: 'http://learn.example.org' }, 'KIDSLEARN_PUBLIC_URL must start with https://'],
    ['the public URL has a path', { KIDSLEARN_PUBLIC_URL: 'https://example.org/learn' }, 'KIDSLEARN_PUBLIC_URL is not valid'],
    ['the SMTP password is missing', { SMTP_PASSWORD: '' }, 'SMTP_PASSWORD is required'],
    ['only half of the Google client is set', { GOOGLE_CLIENT_ID: 'id' }, 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET'],
  ])('when %s, then it refuses and writes nothing', (_case, change, message) => {
    const run = prepare({ ...operatorEnv, ...change });

    expect(run.status).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.files()).toEqual([]);
  });
});

describe('prepare-realm.mjs for the demo', () => {
  it('when it prepares the demo, then the demo accounts, the test client and the stand-in realm are there, on the public URL', () => {
    const run = prepare(demoEnv);
    const realm = run.read('realm-kidslearn.json');

    expect(run.status).toBe(0);
    expect(run.files()).toEqual(['realm-google-upstream.json', 'realm-kidslearn.json']);
    expect(realm.users?.map((user) => user.username)).toEqual(expect.arrayContaining(['learner@kidslearn.test', 'admin@kidslearn.test']));
    expect(client(realm, 'kidslearn-test')).toBeDefined();
    expect(client(realm, 'kidslearn-backend')?.secret).toBe(SECRET);
    expect(client(realm, 'kidslearn-portal')?.redirectUris).toEqual(['http://localhost/*']);
    expect(realm.smtpServer).toMatchObject({ host: 'maildev', port: '1025', auth: 'false' });
  });

  it('when it prepares the stand-in, then the broker secret is fresh and the same on both sides, and the browser goes through the proxy', () => {
    const run = prepare(demoEnv);
    const google = run.read('realm-kidslearn.json').identityProviders!.find((provider) => provider.alias === 'google')!;
    const broker = client(run.read('realm-google-upstream.json'), 'kidslearn-broker')!;

    expect(google.config.clientSecret).toMatch(/^[0-9a-f]{48}$/);
    expect(broker.secret).toBe(google.config.clientSecret);
    expect(google.config.authorizationUrl).toBe('http://localhost/auth/realms/google-upstream/protocol/openid-connect/auth');
    expect(google.config.issuer).toBe('http://localhost/auth/realms/google-upstream');
    expect(google.config.tokenUrl).toBe('http://localhost:8080/auth/realms/google-upstream/protocol/openid-connect/token');
    expect(broker.redirectUris).toEqual(['http://localhost/auth/realms/kidslearn/broker/google/endpoint*']);
    expect(prepare(demoEnv).read('realm-google-upstream.json').clients[0]!.secret).not.toBe(broker.secret);
  });
});
