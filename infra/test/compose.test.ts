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
      ['gateway', 'keycloak', 'maildev', 'mongo', 'rabbitmq', 'redis', ...backend, ...frontends].sort(),
    );
  });

  it.each(Object.keys(services))('when %s is read, then it has an image or a build and a health check', (name) => {
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

  it('when Keycloak starts, then it imports the realms and mounts the login theme that exist in the repo', () => {
    const mounts = services.keycloak!.volumes!.map((volume) => volume.split(':')[0]!);
    for (const mount of mounts) expect(fs.existsSync(path.join(infraDir, mount))).toBe(true);
    expect(mounts).toEqual(expect.arrayContaining(['./keycloak/realm-kidslearn.json', './keycloak/themes/kidslearn']));
  });

  it('when every depends_on is read, then it names a service of the file', () => {
    for (const service of Object.values(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) expect(services[dependency]).toBeDefined();
    }
    expect(fs.existsSync(path.join(repoRoot, 'package.json'))).toBe(true);
  });
});
