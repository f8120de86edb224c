import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  healthcheck?: { test?: unknown };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

const infraDir = path.join(__dirname, '..');
const repoRoot = path.join(infraDir, '..');
const compose = parse(fs.readFileSync(path.join(infraDir, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
const backend = ['content', 'quiz', 'gems', 'gifts'];
const frontends = ['shell', 'mfe-public', 'mfe-learning', 'mfe-rewards', 'mfe-admin'];

describe('infra/compose.yaml', () => {
  it('when parsed, then it has the infrastructure, the gateway, the four services and the five frontends', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['gateway', 'keycloak', 'maildev', 'mongo', 'rabbitmq', 'realm-prep', 'redis', ...backend, ...frontends].sort(),
    );
  });

  // realm-prep is a one-shot job (Keycloak waits for it to complete), so it has no health check.
  const longRunning = Object.keys(services).filter((name) => name !== 'realm-prep');
  it.each(longRunning)('when %s is read, then it has an image or a build and a health check', (name) => {
    const service = services[name]!;
    expect(Boolean(service.image) || Boolean(service.build)).toBe(true);
    expect(service.healthcheck?.test).toBeDefined();
  });

  it.each(Object.entries(services).filter(([, s]) => s.build))('when %s is built, then its Dockerfile exists', (_name, service) => {
    const dockerfile = path.join(infraDir, service.build!.context, service.build!.dockerfile);
    expect(fs.existsSync(dockerfile)).toBe(true);
  });

  it('when the infrastructure images are pinned, then they are the versions the project supports', () => {
    expect(services.mongo!.image).toBe('mongo:7');
    expect(services.rabbitmq!.image).toMatch(/^rabbitmq:3(-management)?$/);
    expect(services.redis!.image).toMatch(/^redis:7/);
    expect(services.keycloak!.image).toMatch(/keycloak:26\./);
    expect(services.maildev!.image).toBe('maildev/maildev:2.2.1');
  });

  it.each(backend)('when %s starts, then it has its own database and every connection it needs', (name) => {
    const env = services[name]!.environment!;
    expect(env.MONGO_URL).toBe(`mongodb://mongo:27017/kidslearn-${name}`);
    for (const key of ['PORT', 'AMQP_URL', 'REDIS_URL', 'KEYCLOAK_URL', 'KEYCLOAK_REALM']) expect(env[key]).toBeTruthy();
    expect(Object.keys(services[name]!.depends_on ?? {})).toEqual(expect.arrayContaining(['mongo', 'rabbitmq', 'redis', 'keycloak']));
  });

  it('when the gateway starts, then it knows every service and waits for them to be healthy', () => {
    const gateway = services.gateway!;
    for (const name of backend) {
      expect(gateway.environment![`${name.toUpperCase()}_URL`]).toBe(`http://${name}:${4000 + backend.indexOf(name) + 1}`);
      expect(gateway.depends_on![name]).toEqual({ condition: 'service_healthy' });
    }
  });

  it('when Keycloak starts, then it imports the realm prepared from the repo and mounts the login theme that exists', () => {
    const mounts = (name: string) => services[name]!.volumes!.map((volume) => volume.split(':')[0]!);
    // Bind mounts (./…) must exist; named volumes (realm-import) hand the prepared realm from realm-prep to Keycloak.
    for (const mount of [...mounts('keycloak'), ...mounts('realm-prep')].filter((m) => m.startsWith('.'))) expect(fs.existsSync(path.join(infraDir, mount))).toBe(true);
    expect(mounts('keycloak')).toEqual(expect.arrayContaining(['realm-import', './keycloak/themes/kidslearn']));
    expect(mounts('realm-prep')).toEqual(expect.arrayContaining(['./keycloak/realm-kidslearn.json', 'realm-import']));
    expect(services['realm-prep']!.image ?? services['realm-prep']!.build).toBeDefined();
    expect(services.keycloak!.depends_on!['realm-prep']).toEqual({ condition: 'service_completed_successfully' });
  });

  it('when every depends_on is read, then it names a service of the file', () => {
    for (const service of Object.values(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) expect(services[dependency]).toBeDefined();
    }
    expect(fs.existsSync(path.join(repoRoot, 'package.json'))).toBe(true);
  });
});
