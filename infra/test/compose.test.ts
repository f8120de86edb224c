// The shape of infra/compose.yaml and its overlays: what runs, what it is built from, what it waits for.
// What an operator must not find in it (default secrets, open ports, dev mode) is operator-stack.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { environmentOf, oneShotJobs, readOperatorStack } from './support/operator-stack';
import type { ComposeService } from './support/operator-stack';

const infraDir = path.join(__dirname, '..');
const repoRoot = path.join(infraDir, '..');
const { services } = readOperatorStack(path.join(infraDir, 'compose.yaml'));
const backend = ['content', 'quiz', 'gems', 'gifts'];
const frontends = ['shell', 'mfe-public', 'mfe-learning', 'mfe-rewards', 'mfe-admin', 'mfe-family'];
const overlay = (file: string) => parse(fs.readFileSync(path.join(infraDir, file), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
const mountsOf = (service: ComposeService | undefined) => (service?.volumes ?? []).map((volume) => (typeof volume === 'string' ? volume : `${volume.source}:${volume.target}`));
const dependsOn = (name: string) => services[name]!.depends_on as Record<string, { condition: string }>;

describe('infra/compose.yaml', () => {
  it('when parsed, then it has the proxy, the infrastructure, the gateway, the four services and the six frontends (the shell and five areas)', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['proxy', 'gateway', 'keycloak', 'keycloak-db', 'realm-prep', 'mongo', 'broker-users', 'rabbitmq', 'redis', ...backend, ...frontends].sort(),
    );
  });

  it('when the one-shot jobs are read, then they prepare the realm and the broker users, without a network', () => {
    expect([...oneShotJobs(services)].sort()).toEqual(['broker-users', 'realm-prep']);
    for (const job of ['broker-users', 'realm-prep']) expect(services[job]!.network_mode).toBe('none');
  });

  it.each(Object.keys(services))('when %s is read, then it has an image or a build', (name) => {
    const service = services[name]!;
    expect(Boolean(service.image) || Boolean(service.build)).toBe(true);
  });

  it.each(Object.entries(services).filter(([, s]) => s.build))('when %s is built, then its Dockerfile exists', (_name, service) => {
    const dockerfile = path.join(infraDir, service.build!.context, service.build!.dockerfile);
    expect(fs.existsSync(dockerfile)).toBe(true);
  });

  it('when the infrastructure images are pinned, then they are the versions the project supports', () => {
    expect(services.mongo!.image).toBe('mongo:7');
    // The broker the chart (infra/helm) and the containers test setup run too: quorum queues and their delivery limit behave alike.
    expect(services.rabbitmq!.image).toMatch(/^rabbitmq:4\.1\.\d+(-alpine)?$/);
    expect(services.redis!.image).toMatch(/^redis:7/);
    expect(services.keycloak!.image).toMatch(/keycloak:26\./);
    expect(services['keycloak-db']!.image).toMatch(/^postgres:17/);
    expect(services.proxy!.image).toMatch(/^caddy:2/);
  });

  it.each(backend)('when %s starts, then it has its own database and every connection it needs', (name) => {
    const env = environmentOf(services[name]!);
    expect(env.MONGO_URL).toMatch(new RegExp(`@mongo:27017/kidslearn-${name}$`));
    for (const key of ['PORT', 'AMQP_URL', 'REDIS_URL', 'KEYCLOAK_URL', 'KEYCLOAK_ISSUER_URL', 'KEYCLOAK_REALM', 'PUBLIC_URL']) expect(env[key]).toBeTruthy();
    expect(env.KEYCLOAK_URL).toBe('http://keycloak:8080/auth');
    expect(Object.keys(dependsOn(name))).toEqual(expect.arrayContaining(['mongo', 'rabbitmq', 'redis', 'keycloak']));
  });

  it('when the gateway starts, then it knows every service and waits for them to be healthy', () => {
    const env = environmentOf(services.gateway!);
    for (const name of backend) {
      expect(env[`${name.toUpperCase()}_URL`]).toBe(`http://${name}:${4000 + backend.indexOf(name) + 1}`);
      expect(dependsOn('gateway')[name]).toEqual({ condition: 'service_healthy' });
    }
  });

  it('when Keycloak starts, then it imports the realm prepared from the repo and mounts the login theme that exists', () => {
    const mounts = (name: string) => mountsOf(services[name]).map((volume) => volume.split(':')[0]!);
    // Bind mounts (./…) must exist; named volumes hand the prepared realm from realm-prep to Keycloak.
    for (const mount of [...mounts('keycloak'), ...mounts('realm-prep'), ...mounts('broker-users'), ...mounts('rabbitmq'), ...mounts('mongo'), ...mounts('proxy')].filter((m) => m.startsWith('.'))) {
      expect(fs.existsSync(path.join(infraDir, mount))).toBe(true);
    }
    expect(mounts('keycloak')).toEqual(expect.arrayContaining(['realm-import', './keycloak/themes/kidslearn']));
    expect(mounts('realm-prep')).toEqual(expect.arrayContaining(['./keycloak/prepare-realm.mjs', './keycloak/realm-kidslearn.json', 'realm-import']));
    expect(dependsOn('keycloak')['realm-prep']).toEqual({ condition: 'service_completed_successfully' });
    expect(dependsOn('keycloak')['keycloak-db']).toEqual({ condition: 'service_healthy' });
  });

  it('when the broker starts, then it imports the users broker-users wrote', () => {
    expect(mountsOf(services['broker-users'])).toEqual(expect.arrayContaining(['broker-definitions:/definitions']));
    expect(mountsOf(services.rabbitmq)).toEqual(expect.arrayContaining(['broker-definitions:/etc/rabbitmq/definitions:ro']));
    expect(fs.readFileSync(path.join(infraDir, 'rabbitmq', 'rabbitmq.conf'), 'utf8')).toMatch(/^load_definitions = \/etc\/rabbitmq\/definitions\/definitions\.json$/m);
    expect(dependsOn('rabbitmq')['broker-users']).toEqual({ condition: 'service_completed_successfully' });
  });

  it('when the proxy routes the public origin, then every upstream it names is a service of the file', () => {
    const caddyfile = fs.readFileSync(path.join(infraDir, 'proxy', 'Caddyfile'), 'utf8');
    const upstreams = [...caddyfile.matchAll(/reverse_proxy ([a-z-]+):\d+/g)].map((match) => match[1]!);
    expect(new Set(upstreams)).toEqual(new Set(['keycloak', 'gateway', 'shell', 'mfe-public', 'mfe-learning', 'mfe-rewards', 'mfe-admin', 'mfe-family']));
  });

  it('when every depends_on is read, then it names a service of the file', () => {
    for (const service of Object.values(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) expect(services[dependency]).toBeDefined();
    }
    expect(fs.existsSync(path.join(repoRoot, 'package.json'))).toBe(true);
  });
});

describe('infra/compose.demo.yaml (over compose.yaml)', () => {
  const demo = overlay('compose.demo.yaml').services;

  it('when families run, then the operator stack requires a parent\'s consent (content, quiz, gifts) and the demo makes it optional', () => {
    for (const name of ['content', 'quiz', 'gifts']) {
      expect(`${name} ${String(environmentOf(services[name]!).PARENT_CONSENT)}`).toBe(`${name} \${PARENT_CONSENT:-required}`);
      expect(`${name} ${String(environmentOf(demo[name]!).PARENT_CONSENT)}`).toBe(`${name} optional`);
    }
    expect(String(environmentOf(services.content!).SMTP_HOST)).toContain('SMTP_HOST:?');
  });

  it('when the demo runs, then the realm is prepared as the demo with the "Google" stand-in, and maildev catches the mail', () => {
    expect(environmentOf(demo['realm-prep']!).KIDSLEARN_DEMO).toBe('true');
    expect(mountsOf(demo['realm-prep'])).toEqual(['./keycloak/realm-google-upstream.json:/prep/realms/realm-google-upstream.json:ro']);
    expect(String(environmentOf(demo.proxy!).KEYCLOAK_PUBLIC_PATHS)).toContain('/auth/realms/google-upstream/*');
    expect(demo.maildev!.image).toBe('maildev/maildev:2.2.1');
    expect(demo.maildev!.healthcheck?.test).toBeDefined();
  });

  it('when the demo publishes maildev, then only on this machine', () => {
    expect(demo.maildev!.ports).toEqual(['127.0.0.1:1080:1080']);
  });

  it('when the demo overlay names a service, then compose.yaml has it (or it is the demo-only maildev)', () => {
    for (const name of Object.keys(demo)) expect(`${name}: ${Boolean(services[name]) || name === 'maildev'}`).toBe(`${name}: true`);
  });
});

describe('the other overlays', () => {
  it("when the operator brings a certificate, then the proxy imports its tls line and mounts the operator's directory", () => {
    const proxy = overlay('compose.own-certificate.yaml').services.proxy!;
    expect(mountsOf(proxy)).toEqual(['./proxy/own-certificate.caddy:/etc/caddy/tls.d/own-certificate.caddy:ro', '${KIDSLEARN_TLS_DIR:?set KIDSLEARN_TLS_DIR, the directory with fullchain.pem and privkey.pem}:/certs:ro']);
    expect(fs.readFileSync(path.join(infraDir, 'proxy', 'Caddyfile'), 'utf8')).toContain('import /etc/caddy/tls.d/*.caddy');
  });

  it("when the operator opens Keycloak's admin console, then it is published on the host's loopback only", () => {
    const keycloak = overlay('compose.keycloak-admin.yaml').services.keycloak!;
    expect(keycloak.ports).toEqual(['127.0.0.1:8081:8080']);
    expect(environmentOf(keycloak).KC_HOSTNAME_ADMIN).toBe('http://localhost:8081/auth');
  });
});
