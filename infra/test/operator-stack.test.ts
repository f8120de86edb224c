// infra/compose.yaml read as an operator runs it (no `--profile demo`, no overlay): no secret with a default or a
// literal value, no published management port, no dev-mode server, none of the demo's stand-ins, a health check
// on everything that keeps running. OPERATOR_COMPOSE_FILE points it at another file (e.g. an older version).
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULTED_REFERENCE,
  REQUIRED_REFERENCE,
  SECRET_NAME,
  containerPort,
  environmentOf,
  oneShotJobs,
  readOperatorStack,
  stringsIn,
} from './support/operator-stack';

const stack = readOperatorStack();
const running = Object.entries(stack.services);
const infraDir = path.join(__dirname, '..');
/** Exactly one `${NAME:?message}` and nothing else. */
const ONLY_REQUIRED = /^\$\{[A-Z0-9_]+:?\?[^}]*\}$/;
/** scheme://user:password@host: the password part. */
const INLINE_CREDENTIALS = /[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:([^@\s]*)@/gi;
/** Management and data ports nobody outside may reach (RabbitMQ, Keycloak, maildev, the databases, the apps). */
const INTERNAL_PORTS = [15672, 5672, 9000, 8080, 8443, 1080, 1025, 27017, 6379, 5432, 4000, 4001, 4002, 4003, 4004, 3000, 3001, 3002, 3003, 3004, 2019];

const requiredNames = (text: string) => [...text.matchAll(REQUIRED_REFERENCE)].map((match) => match[1]!);
const envOf = (name: string) => environmentOf(stack.services[name] ?? {});

describe(`the operator stack (${path.relative(process.cwd(), stack.file)}, default profile)`, () => {
  it('when a secret is referenced, then it has no default to fall back to', () => {
    const defaulted = [...stack.text.matchAll(DEFAULTED_REFERENCE)].filter((match) => SECRET_NAME.test(match[1]!)).map((match) => match[0]);

    expect(defaulted).toEqual([]);
  });

  it("when a container's environment names a secret, then its value is a required variable (or the host's, passed through)", () => {
    const literal = running.flatMap(([name, service]) =>
      Object.entries(environmentOf(service))
        .filter(([variable, value]) => SECRET_NAME.test(variable) && value !== null && !ONLY_REQUIRED.test(value))
        .map(([variable, value]) => `${name}: ${variable}=${value}`),
    );

    expect(literal).toEqual([]);
  });

  it('when a URL carries credentials, then its password is a required variable', () => {
    const inline = running.flatMap(([name, service]) =>
      stringsIn(service).flatMap((text) => [...text.matchAll(INLINE_CREDENTIALS)].filter((match) => !ONLY_REQUIRED.test(match[1]!)).map((match) => `${name}: ${match[0]}`)),
    );

    expect(inline).toEqual([]);
  });

  it('when a command passes a password flag, then its value is a required variable', () => {
    const literal = running.flatMap(([name, service]) => {
      const args = Array.isArray(service.command) ? service.command : [];
      return args.flatMap((arg, at) => (/^--?[a-z-]*(pass|secret|token|key)/i.test(arg) && !ONLY_REQUIRED.test(args[at + 1] ?? '') ? [`${name}: ${arg} ${args[at + 1]}`] : []));
    });

    expect(literal).toEqual([]);
  });

  it('when ports are published, then only the proxy publishes them, and only 80 and 443', () => {
    const published = running.filter(([, service]) => (service.ports ?? []).length > 0).map(([name]) => name);
    const proxyPorts = new Set((stack.services.proxy?.ports ?? []).map(containerPort));

    expect(published).toEqual(['proxy']);
    expect([...proxyPorts].sort()).toEqual([443, 80]);
  });

  it('when any port is published, then it is none of the management or internal ports', () => {
    const exposed = running.flatMap(([name, service]) => (service.ports ?? []).map(containerPort).filter((port) => INTERNAL_PORTS.includes(port)).map((port) => `${name}:${port}`));

    expect(exposed).toEqual([]);
  });

  it('when Keycloak and everything else start, then nothing runs in development mode', () => {
    const devMode = running.filter(([, service]) => stringsIn([service.command, service.entrypoint]).some((arg) => /start-dev|--dev\b/.test(arg))).map(([name]) => name);

    expect(devMode).toEqual([]);
    expect(stack.services.keycloak?.command).toEqual(expect.arrayContaining(['start']));
  });

  it("when any service starts, then none honours a request's test clock (ALLOW_TEST_CLOCK is the local portal's only)", () => {
    expect(running.filter(([name]) => envOf(name).ALLOW_TEST_CLOCK !== undefined).map(([name]) => name)).toEqual([]);
    const files = fs.readdirSync(infraDir).filter((file) => /^compose.*\.ya?ml$/.test(file));
    expect(files.filter((file) => fs.readFileSync(path.join(infraDir, file), 'utf8').includes('ALLOW_TEST_CLOCK'))).toEqual([]);
  });

  it('when the stack runs, then neither the "Google" stand-in realm nor maildev is part of it', () => {
    const standIn = running.filter(([, service]) => stringsIn(service).some((text) => /google-upstream/i.test(text))).map(([name]) => name);
    const mailCatcher = running.filter(([name, service]) => /maildev|mailhog|mailpit/i.test(`${name} ${service.image ?? ''}`)).map(([name]) => name);

    expect(standIn).toEqual([]);
    expect(mailCatcher).toEqual([]);
    expect(envOf('realm-prep').KIDSLEARN_DEMO).toBe('false');
  });

  it('when a container keeps running, then it has a health check', () => {
    const jobs = oneShotJobs(stack.services);
    const unchecked = running.filter(([name, service]) => !jobs.has(name) && (!service.healthcheck?.test || service.healthcheck.disable)).map(([name]) => name);

    expect(unchecked).toEqual([]);
  });

  it("when Keycloak imports the realm, then the backend client's secret is the operator's, the one content uses", () => {
    expect(envOf('realm-prep').KEYCLOAK_BACKEND_SECRET).toMatch(/^\$\{KEYCLOAK_BACKEND_SECRET:\?/);
    expect(envOf('content').KEYCLOAK_BACKEND_SECRET).toMatch(/^\$\{KEYCLOAK_BACKEND_SECRET:\?/);
    const holders = running.filter(([, service]) => 'KEYCLOAK_BACKEND_SECRET' in environmentOf(service)).map(([name]) => name);
    expect(holders.sort()).toEqual(['content', 'realm-prep']);
  });

  it('when Keycloak starts, then it is in production mode on PostgreSQL with a required admin password, health on the management port', () => {
    const env = envOf('keycloak');

    expect(env).toMatchObject({ KC_DB: 'postgres', KC_HTTP_RELATIVE_PATH: '/auth', KC_PROXY_HEADERS: 'xforwarded', KC_HEALTH_ENABLED: 'true' });
    expect(env.KC_DB_PASSWORD).toMatch(ONLY_REQUIRED);
    expect(env.KC_BOOTSTRAP_ADMIN_PASSWORD).toMatch(ONLY_REQUIRED);
    expect(env.KC_HOSTNAME).toMatch(/^\$\{KIDSLEARN_PUBLIC_URL:\?[^}]*\}\/auth$/);
    expect(stack.services['keycloak-db']?.image).toMatch(/^postgres:\d+/);
    expect(stringsIn(stack.services.keycloak?.healthcheck)).toEqual(expect.arrayContaining([expect.stringContaining('/dev/tcp/127.0.0.1/9000')]));
  });

  it("when the browser reaches Keycloak through the proxy, then only the kidslearn realm and static resources pass (no admin console, no master realm)", () => {
    const paths = String(envOf('proxy').KEYCLOAK_PUBLIC_PATHS).split(/\s+/);
    const caddyfile = fs.readFileSync(path.join(infraDir, 'proxy', 'Caddyfile'), 'utf8');

    expect(paths.sort()).toEqual(['/auth/realms/kidslearn/*', '/auth/resources/*']);
    expect(caddyfile).toMatch(/@keycloak path \{\$KEYCLOAK_PUBLIC_PATHS\}/);
    expect(caddyfile).toMatch(/@keycloak-internal path \/auth \/auth\/\*\s+handle @keycloak-internal \{\s+respond 404/);
    expect(caddyfile).toMatch(/Strict-Transport-Security "max-age=31536000"/);
  });

  it('when the portal, Keycloak and the services name a public URL, then it is the one KIDSLEARN_PUBLIC_URL', () => {
    const publicUrls = [
      envOf('keycloak').KC_HOSTNAME,
      envOf('keycloak').PORTAL_URL,
      envOf('gateway').PORTAL_ORIGINS,
      envOf('gateway').KEYCLOAK_ISSUER_URL,
      envOf('shell').PUBLIC_URL,
      envOf('proxy').KIDSLEARN_PUBLIC_URL,
      envOf('realm-prep').KIDSLEARN_PUBLIC_URL,
      ...['content', 'quiz', 'gems', 'gifts'].flatMap((name) => [envOf(name).PUBLIC_URL, envOf(name).KEYCLOAK_ISSUER_URL]),
    ];
    const localhost = running.flatMap(([name, service]) => Object.entries(environmentOf(service)).filter(([, value]) => /localhost/.test(value ?? '')).map(([variable]) => `${name}: ${variable}`));

    for (const url of publicUrls) expect(url).toMatch(/^\$\{KIDSLEARN_PUBLIC_URL:\?[^}]*\}(\/auth)?$/);
    expect(localhost).toEqual([]);
  });

  it.each(['content', 'quiz', 'gems', 'gifts'])('when %s connects to the broker and its database, then it does so as its own user', (name) => {
    const env = envOf(name);
    const upper = name.toUpperCase();

    expect(env.AMQP_URL).toMatch(new RegExp(`^amqp://${name}:\\$\\{RABBITMQ_${upper}_PASSWORD:\\?[^}]*\\}@rabbitmq:5672$`));
    expect(env.MONGO_URL).toMatch(new RegExp(`^mongodb://${name}:\\$\\{MONGO_${upper}_PASSWORD:\\?[^}]*\\}@mongo:27017/kidslearn-${name}$`));
  });

  it('when the databases and the broker run, then they sit on internal networks only', () => {
    for (const name of ['mongo', 'rabbitmq', 'redis', 'keycloak-db']) {
      const networks = stack.services[name]?.networks;
      const names = Array.isArray(networks) ? networks : Object.keys(networks ?? {});
      expect(names.length).toBeGreaterThan(0);
      for (const network of names) expect(`${name} on ${network}: internal=${stack.networks[network]?.internal === true}`).toBe(`${name} on ${network}: internal=true`);
    }
  });

  it('when an operator makes the secrets with infra/make-secrets.sh, then it prints every required secret but the SMTP password', () => {
    const script = fs.readFileSync(path.join(infraDir, 'make-secrets.sh'), 'utf8');
    const secrets = [...new Set(requiredNames(stack.text).filter((name) => SECRET_NAME.test(name) && name !== 'SMTP_PASSWORD'))].sort();

    for (const name of secrets) expect(`${name}: ${script.includes(` ${name}`)}`).toBe(`${name}: true`);
  });
});
