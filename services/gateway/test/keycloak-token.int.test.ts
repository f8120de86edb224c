// The gateway's token handling with tokens the running Keycloak issued: the edge cache's audience comes from a token
// the gateway verified against the realm (its default verifier, as in production), and a token it cannot verify
// (forged, tampered, issued to another client, expired) gets no cached answer and leaves the decision to the service.
// The service is a stand-in on a real socket that decides like every service: lib-auth against the same Keycloak.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import pino from 'pino';
import { createAuth } from '@kidslearn/lib-auth';
import { createLogger } from '@kidslearn/lib-core';
import { createApp, finishApp } from '@kidslearn/lib-http';
import { createAdmin, createLearner, env, keycloakAdmin, randomSuffix, serviceAccountToken, tokenFor, type TestUser } from '@kidslearn/lib-testkit';
import { buildGateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { closeServer, listenLocal } from './support';

const logger = createLogger('gateway-token-test', process.env.TEST_LOG_LEVEL ?? 'silent');
/** Past the realm's token lifetime (300 s): every token issued now has expired by this clock. */
const LATER_MS = 10 * 60_000;

interface Call {
  url: string;
  authorization?: string;
}

/**
 * A content service stand-in: GET /lessons is shared by the edge for 30 s with callers of the same audience; a
 * token that came must verify (401 otherwise, from lib-auth), as behind a service's authenticate guard.
 */
async function startService(clockOffsetMs = 0) {
  const { KEYCLOAK_URL, KEYCLOAK_REALM } = env();
  const auth = createAuth({ keycloakUrl: KEYCLOAK_URL, realm: KEYCLOAK_REALM, clockOffsetMs, logger });
  const calls: Call[] = [];
  const app = createApp({ name: 'content-stand-in', logger });
  app.get(
    '/lessons',
    (req, res, next) => {
      calls.push({ url: req.originalUrl, authorization: req.headers.authorization });
      if (req.headers.authorization === undefined) return next();
      auth.authenticate(req, res, next);
    },
    (req, res) => {
      res.setHeader('Cache-Control', 'max-age=0, s-maxage=30');
      res.json({ for: req.auth?.email ?? 'visitor' });
    },
  );
  const server = createServer(finishApp(app));
  return { url: await listenLocal(server), server, calls };
}

/** The gateway in front of `contentUrl`; `clockOffsetMs` shifts its verifier's clock (default: the production verifier). */
async function startGateway(contentUrl: string, clockOffsetMs?: number) {
  const { KEYCLOAK_URL, KEYCLOAK_REALM } = env();
  const config = gatewayConfigSchema.parse({ PORT: 0, CONTENT_URL: contentUrl, KEYCLOAK_URL, KEYCLOAK_REALM });
  const verifyToken = clockOffsetMs === undefined ? undefined : createAuth({ keycloakUrl: KEYCLOAK_URL, realm: KEYCLOAK_REALM, clockOffsetMs, logger }).verify;
  const gateway = buildGateway(config, pino({ level: 'silent' }), { verifyToken });
  return { gateway, base: `http://127.0.0.1:${await gateway.start(0)}` };
}

const claimsOf = (token: string, part: number) => JSON.parse(Buffer.from(token.split('.')[part] ?? '', 'base64url').toString()) as Record<string, unknown>;
const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** The token's header and claims, signed (RS256) with a key Keycloak never had. */
function forged(token: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signed = `${encode(claimsOf(token, 0))}.${encode(claimsOf(token, 1))}`;
  return `${signed}.${createSign('RSA-SHA256').update(signed).sign(privateKey).toString('base64url')}`;
}

/** The token with `admin` added to its roles, Keycloak's signature kept (which no longer matches). */
function promoted(token: string): string {
  const [header, , signature] = token.split('.');
  return `${header}.${encode({ ...claimsOf(token, 1), realm_access: { roles: ['admin', 'user'] } })}.${signature}`;
}

let learner: TestUser;
let classmate: TestUser;
let admin: TestUser;
let service: Awaited<ReturnType<typeof startService>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let path = '';

beforeAll(async () => {
  [learner, classmate, admin] = await Promise.all([createLearner(), createLearner(), createAdmin()]);
  service = await startService();
  gateway = await startGateway(service.url);
});
afterAll(async () => {
  await gateway?.gateway.stop();
  if (service) await closeServer(service.server);
  for (const user of [learner, classmate, admin]) if (user) await keycloakAdmin().deleteUser(user.id);
});

// Each test asks for a path of its own: the edge cache keeps what earlier tests stored.
beforeEach(() => {
  path = `/lessons?case=${randomSuffix()}`;
});

/** A fresh token (they live 300 s: one fetched per file would expire in a long run). */
const tokenOf = (user: TestUser) => tokenFor(user.email, user.password);
const get = (token?: string, base = gateway.base) => fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
const callsTo = (calls: Call[]) => calls.filter((call) => call.url === path);

it('when two learners with real tokens ask for an answer the service shares among signed-in callers, then the second gets the edge copy', async () => {
  const first = await get(await tokenOf(learner));
  const second = await get(await tokenOf(classmate));
  expect([first.status, second.status]).toEqual([200, 200]);
  expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
  // One audience, the learners' roles (their tokens' other realm roles do not split it): the first learner's answer.
  expect(await second.json()).toEqual({ for: learner.email });
  expect(callsTo(service.calls)).toHaveLength(1);
});

it("when an admin and a visitor ask for a path the learners' answer is cached for, then each reaches the service and gets their own", async () => {
  await get(await tokenOf(learner));
  const asAdmin = await get(await tokenOf(admin));
  const asVisitor = await get();
  expect([asAdmin.headers.get('x-cache'), asVisitor.headers.get('x-cache')]).toEqual(['MISS', 'MISS']);
  expect(await asAdmin.json()).toEqual({ for: admin.email });
  expect(await asVisitor.json()).toEqual({ for: 'visitor' });
  expect(callsTo(service.calls)).toHaveLength(3);
});

it.each([
  ['forged (signed with a key Keycloak never had)', async () => forged(await tokenOf(learner))],
  ["a learner's with admin added to its roles", async () => promoted(await tokenOf(learner))],
  ['issued to another client (not for the API)', serviceAccountToken],
])('when the token is %s, then no cached answer is served or stored and the service decides (401)', async (_case, badToken) => {
  await get(await tokenOf(admin));
  await get(await tokenOf(learner));
  await get();
  const token = await badToken();
  const answers = [await get(token), await get(token)];
  expect(answers.map((answer) => [answer.status, answer.headers.get('x-cache')])).toEqual([
    [401, null],
    [401, null],
  ]);
  // Passed on as it came, each time: the gateway only picks the cache audience, it does not authorise.
  expect(callsTo(service.calls).slice(3)).toEqual([
    { url: path, authorization: `Bearer ${token}` },
    { url: path, authorization: `Bearer ${token}` },
  ]);
});

describe('once the token has expired', () => {
  let later: Awaited<ReturnType<typeof startService>>;
  let laterGateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    // The gateway and the service, both with clocks past the lifetime of a token issued now.
    later = await startService(LATER_MS);
    laterGateway = await startGateway(later.url, LATER_MS);
  });
  afterAll(async () => {
    await laterGateway?.gateway.stop();
    if (later) await closeServer(later.server);
  });

  it("when a learner's token has expired, then the visitors' cached answer is not served, nothing is stored and the service answers 401", async () => {
    const token = await tokenOf(learner);
    const visitor = [await get(undefined, laterGateway.base), await get(undefined, laterGateway.base)];
    expect(visitor.map((answer) => answer.headers.get('x-cache'))).toEqual(['MISS', 'HIT']);
    const expired = [await get(token, laterGateway.base), await get(token, laterGateway.base)];
    expect(expired.map((answer) => [answer.status, answer.headers.get('x-cache')])).toEqual([
      [401, null],
      [401, null],
    ]);
    expect(callsTo(later.calls)).toHaveLength(3);
  });
});
