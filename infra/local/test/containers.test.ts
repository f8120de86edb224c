// KIDSLEARN_INFRA=containers without a container engine: what would be started (images pinned, commands, the realm
// import), what the tests would be handed, the rabbitmqctl the tests would call, and the error when no engine answers.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { checkContainerEngine, NoContainerEngineError } from '../src/jest/containers/engine';
import { writeRabbitmqctlWrapper } from '../src/jest/containers/rabbitmqctl-wrapper';
import { HOST_ALIAS, IMAGES, containerSpecs, containersEnv, type ContainerSpec, type Engine } from '../src/jest/containers/specs';
import { toContainer } from '../src/jest/containers/start';
import { repoRoot } from '../src/paths';

const secrets = { keycloakBackendSecret: 'backend-secret-of-this-machine', keycloakAdminPassword: 'admin-password-of-this-machine' };
const broker = { user: 'kidslearn-tests', password: 'run-password' };
const specs = containerSpecs(secrets, broker);
const spec = (engine: Engine): ContainerSpec => specs.find((s) => s.engine === engine)!;

describe('the production engines as containers (configuration)', () => {
  it('when the containers are listed, then they are MongoDB 7, RabbitMQ, Redis and Keycloak, each image pinned to a version', () => {
    expect(specs.map((s) => s.engine)).toEqual(['mongo', 'rabbitmq', 'redis', 'keycloak']);
    for (const s of specs) expect(s.image).toMatch(/:\d+\.\d+\.\d+(-[a-z]+)?$/);
    expect(IMAGES.mongo).toMatch(/^mongo:7\./);
  });

  it("when compared with the chart's values, then RabbitMQ, MongoDB and Redis are the versions production runs", () => {
    const values = parse(readFileSync(path.join(repoRoot, 'infra/helm/kidslearn/values.yaml'), 'utf8')) as { rabbitmq: { image: string }; mongodb: { version: string }; redis: { image: string } };
    expect(IMAGES.rabbitmq).toBe(values.rabbitmq.image);
    expect(IMAGES.mongo).toBe(`mongo:${values.mongodb.version}`);
    expect(IMAGES.redis).toBe(values.redis.image);
  });

  it('when MongoDB starts, then it is a replica set of one, initiated and waited for until it is primary', () => {
    const mongo = spec('mongo');
    expect(mongo.command).toEqual(['--replSet', 'rs0', '--bind_ip_all']);
    expect(mongo.afterStart.map((c) => c.join(' '))).toEqual([
      "mongosh --quiet --eval rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] })",
      'mongosh --quiet --eval while (!db.hello().isWritablePrimary) sleep(200)',
    ]);
  });

  it('when Keycloak starts, then it imports the realm with the machine secret placeholder kept, its mail to the host, and the themes', () => {
    const keycloak = spec('keycloak');
    expect(keycloak.command).toEqual(['start-dev', '--import-realm', '--http-port=8080', '--hostname-strict=false']);
    expect(keycloak.env).toEqual({ KC_BOOTSTRAP_ADMIN_USERNAME: 'admin', KC_BOOTSTRAP_ADMIN_PASSWORD: secrets.keycloakAdminPassword, KEYCLOAK_BACKEND_SECRET: secrets.keycloakBackendSecret });
    const realm = keycloak.files.find((f) => f.target === '/opt/keycloak/data/import/realm-kidslearn.json');
    const parsed = JSON.parse(realm!.content) as { realm: string; smtpServer: { host: string; port: string }; clients: { clientId: string; secret?: string }[] };
    expect(parsed.realm).toBe('kidslearn');
    expect(parsed.clients.find((c) => c.clientId === 'kidslearn-backend')?.secret).toBe('${KEYCLOAK_BACKEND_SECRET}');
    expect(parsed.smtpServer).toMatchObject({ host: HOST_ALIAS, port: '1025' });
    expect(keycloak.directories).toEqual([{ source: path.join(repoRoot, 'infra/keycloak/themes'), target: '/opt/keycloak/themes' }]);
    expect(keycloak.wait).toEqual({ kind: 'http', path: '/realms/kidslearn/.well-known/openid-configuration', port: 8080 });
  });

  it('when RabbitMQ starts, then the tests get a user of this run (guest only works from inside the container)', () => {
    expect(spec('rabbitmq').files).toEqual([{ target: '/etc/rabbitmq/conf.d/90-kidslearn-tests.conf', content: 'default_user = kidslearn-tests\ndefault_pass = run-password\ndefault_user_tags.administrator = true\n' }]);
  });

  it('when a spec becomes a testcontainers container, then its image, ports, command and environment are the ones listed', () => {
    const built = toContainer(spec('redis')) as unknown as { imageName: { string: string }; exposedPorts: number[]; createOpts: { Cmd?: string[] } };
    expect(built.imageName.string).toBe(IMAGES.redis);
    expect(built.exposedPorts).toEqual([6379]);
    expect(built.createOpts.Cmd).toEqual(['redis-server', '--save', '', '--appendonly', 'no']);
  });

  it('when the containers run, then the tests are handed the URLs of docs/CONTRACTS.md pointing at them', () => {
    const ports: Record<string, number> = { 'mongo 27017': 32001, 'rabbitmq 5672': 32002, 'redis 6379': 32003, 'keycloak 8080': 32004 };
    const env = containersEnv((engine, port) => ({ host: 'docker.local', port: ports[`${engine} ${port}`]! }), secrets, { user: 'kidslearn-tests', password: 'p@ss' });

    expect(env).toEqual({
      MONGO_URL: 'mongodb://docker.local:32001/kidslearn-test?directConnection=true',
      AMQP_URL: 'amqp://kidslearn-tests:p%40ss@docker.local:32002',
      REDIS_URL: 'redis://docker.local:32003',
      KEYCLOAK_URL: 'http://docker.local:32004',
      KEYCLOAK_REALM: 'kidslearn',
      KEYCLOAK_BACKEND_SECRET: secrets.keycloakBackendSecret,
      KEYCLOAK_ADMIN_USER: 'admin',
      KEYCLOAK_ADMIN_PASSWORD: secrets.keycloakAdminPassword,
    });
  });

  it("when a test calls rabbitmqctl -n <node> with a file of the host, then the broker container's rabbitmqctl runs it with the file copied in", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kidslearn-ctl-'));
    try {
      // A docker CLI stand-in that records what it is asked.
      const bin = path.join(dir, 'bin');
      execFileSync('mkdir', ['-p', bin]);
      writeFileSync(path.join(bin, 'docker'), `#!/usr/bin/env bash\necho "docker $*" >> ${path.join(dir, 'calls')}\n`);
      chmodSync(path.join(bin, 'docker'), 0o755);
      const definitions = path.join(dir, 'definitions.json');
      writeFileSync(definitions, '{}');
      const wrapper = writeRabbitmqctlWrapper(path.join(dir, 'wrapper'), 'a1b2c3d4e5f6');

      execFileSync(wrapper, ['-n', 'kidslearn@localhost', 'import_definitions', definitions], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
      execFileSync(wrapper, ['-n', 'kidslearn@localhost', 'add_vhost', 'kidslearn-test-1'], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });

      expect(readFileSync(path.join(dir, 'calls'), 'utf8').trim().split('\n')).toEqual([
        `docker cp ${definitions} a1b2c3d4e5f6:/tmp/kidslearn-definitions.json`,
        'docker exec a1b2c3d4e5f6 rabbitmqctl import_definitions /tmp/kidslearn-definitions.json',
        'docker exec a1b2c3d4e5f6 rabbitmqctl add_vhost kidslearn-test-1',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the container engine check of the global setup', () => {
  const neverAsked = () => Promise.reject(new Error('testcontainers should not be asked'));

  it('when DOCKER_HOST names a socket that does not exist, then the setup fails saying no engine answered there and what to do instead', async () => {
    const missing = path.join(os.tmpdir(), `kidslearn-no-docker-${process.pid}.sock`);

    const failure = await checkContainerEngine({ DOCKER_HOST: `unix://${missing}` }, neverAsked).catch((error: Error) => error);

    expect(failure).toBeInstanceOf(NoContainerEngineError);
    expect((failure as Error).message).toContain(`none answered: DOCKER_HOST=unix://${missing}: ENOENT`);
    expect((failure as Error).message).toContain('run the tests without KIDSLEARN_INFRA to use the local runner');
    expect((failure as Error).message).toContain('Running the tests against the production engines');
  });

  it('when DOCKER_HOST is a socket that is not a container engine, then the setup fails naming what answered', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kidslearn-fake-docker-'));
    const socket = path.join(dir, 'docker.sock');
    const server = http.createServer((_req, res) => res.writeHead(404).end('page not found'));
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      const failure = await checkContainerEngine({ DOCKER_HOST: `unix://${socket}` }, neverAsked).catch((error: Error) => error);

      expect((failure as Error).message).toContain(`DOCKER_HOST=unix://${socket}: answered 404 page not found, not a container engine's OK`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when DOCKER_HOST answers like Docker, then testcontainers is asked next, and its failure is told the same clear way', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kidslearn-fake-docker-'));
    const socket = path.join(dir, 'docker.sock');
    const server = http.createServer((req, res) => res.writeHead(req.url === '/_ping' ? 200 : 404).end('OK'));
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      let asked = 0;
      const detect = () => {
        asked += 1;
        return Promise.reject(new Error('Could not find a working container runtime strategy'));
      };
      const failure = await checkContainerEngine({ DOCKER_HOST: `unix://${socket}` }, detect).catch((error: Error) => error);

      expect(asked).toBe(1);
      expect((failure as Error).message).toContain(`none answered: Could not find a working container runtime strategy (DOCKER_HOST is unix://${socket}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
