import request from 'supertest';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { createLogger } from '@kidslearn/lib-core';
import { createApp, finishApp } from '@kidslearn/lib-http';
import { createLearner, env, keycloakAdmin, serviceAccountToken, signIn, tokenFor, type TokenSource } from '@kidslearn/lib-testkit';
import { createAuth } from '../src';

const logger = createLogger('auth-test', 'silent');

function buildApp(clockOffsetMs = 0, urls: { keycloakUrl: string; issuerUrl?: string } = { keycloakUrl: env().KEYCLOAK_URL }) {
  const auth = createAuth({ ...urls, realm: env().KEYCLOAK_REALM, clockOffsetMs, logger });
  const app = createApp({ name: 'auth-test', logger });
  app.get('/learner', auth.authenticate, auth.requireLearner, (req, res) => {
    res.json(req.auth);
  });
  app.get('/admin', auth.requireAdmin, (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/users/:email', auth.requireSelfOrAdmin('email'), (_req, res) => {
    res.json({ ok: true });
  });
  return finishApp(app);
}

const part = (token: string, i: number) => JSON.parse(Buffer.from(token.split('.')[i] ?? '', 'base64url').toString()) as Record<string, unknown>;
const decodeJwt = (token: string) => part(token, 1) as { exp?: number };

/** A token with the real issuer, claims and kid, but signed (RS256) with a key Keycloak never had. */
async function forge(from: string, claims: Record<string, unknown> = {}): Promise<string> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const signed = `${encode(part(from, 0))}.${encode({ ...part(from, 1), ...claims })}`;
  return `${signed}.${createSign('RSA-SHA256').update(signed).sign(privateKey).toString('base64url')}`;
}

// Read at each use: a source fetches the next token before the current one expires (300 s).
let learner: TokenSource;
let admin: TokenSource;

beforeAll(async () => {
  [learner, admin] = await Promise.all([signIn('learner@kidslearn.test', 'Learner123'), signIn('admin@kidslearn.test', 'Admin1234')]);
});

describe('auth against Keycloak', () => {
  it('when the demo learner calls a learner route, then it passes with the user from the token', async () => {
    const res = await request(buildApp()).get('/learner').set('authorization', `Bearer ${learner.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'learner@kidslearn.test', name: 'Lina Learner', isAdmin: false });
    expect(res.body.roles).toContain('user');
  });

  it('when the demo learner calls an admin route, then 403', async () => {
    expect((await request(buildApp()).get('/admin').set('authorization', `Bearer ${learner.token}`)).status).toBe(403);
  });

  it('when the admin calls the admin route, then it passes, and a learner route answers 403', async () => {
    const app = buildApp();
    expect((await request(app).get('/admin').set('authorization', `Bearer ${admin.token}`)).status).toBe(200);
    expect((await request(app).get('/learner').set('authorization', `Bearer ${admin.token}`)).status).toBe(403);
  });

  it('when a parent (realm roles user and parent, as Keycloak issues them) calls a learner route, then 403: a parent is not a learner', async () => {
    const parent = await createLearner({ name: 'Pat Parent' });
    await keycloakAdmin().addRealmRole(parent.id, 'parent');
    const token = await tokenFor(parent.email, parent.password);
    const res = await request(buildApp()).get('/learner').set('authorization', `Bearer ${token}`);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(parent.email);
    await keycloakAdmin().deleteUser(parent.id);
  });

  it('when a learner opens their own email (any case) it passes; someone else\'s gives 403; an admin passes', async () => {
    const app = buildApp();
    expect((await request(app).get('/users/Learner@KidsLearn.test').set('authorization', `Bearer ${learner.token}`)).status).toBe(200);
    expect((await request(app).get('/users/other@kidslearn.test').set('authorization', `Bearer ${learner.token}`)).status).toBe(403);
    expect((await request(app).get('/users/other@kidslearn.test').set('authorization', `Bearer ${admin.token}`)).status).toBe(200);
  });

  it('when there is no token or a malformed one, then 401', async () => {
    const app = buildApp();
    expect((await request(app).get('/learner')).status).toBe(401);
    expect((await request(app).get('/admin')).status).toBe(401);
    expect((await request(app).get('/learner').set('authorization', 'Bearer not-a-jwt')).status).toBe(401);
  });

  it('when the token is forged (signed with another key, even claiming admin), then 401', async () => {
    const forged = await forge(learner.token, { realm_access: { roles: ['user', 'admin'] } });
    const res = await request(buildApp()).get('/admin').set('authorization', `Bearer ${forged}`);
    expect(res.status).toBe(401);
  });

  it('when the token is expired (forged with a past exp), then 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await forge(learner.token, { iat: now - 600, exp: now - 300 });
    expect((await request(buildApp()).get('/learner').set('authorization', `Bearer ${expired}`)).status).toBe(401);
  });

  it('when a real token is used after its lifetime (clock moved past exp), then 401', async () => {
    const token = learner.token; // this one's exp, even if the source refreshes meanwhile
    const { exp = 0 } = decodeJwt(token);
    const pastExpiry = exp * 1000 - Date.now() + 60_000;
    const res = await request(buildApp(pastExpiry)).get('/learner').set('authorization', `Bearer ${token}`);
    expect(res.status).toBe(401);
  });

  it('when keys come over a back channel with another host name, then the issuer URL decides which tokens pass', async () => {
    // Tokens are issued for http://localhost:8080; 127.0.0.1 plays the compose back channel (http://keycloak:8080).
    const backChannel = env().KEYCLOAK_URL.replace('localhost', '127.0.0.1');
    const withIssuer = await request(buildApp(0, { keycloakUrl: backChannel, issuerUrl: env().KEYCLOAK_URL }))
      .get('/learner').set('authorization', `Bearer ${learner.token}`);
    expect(withIssuer.status).toBe(200);
    const withoutIssuer = await request(buildApp(0, { keycloakUrl: backChannel }))
      .get('/learner').set('authorization', `Bearer ${learner.token}`);
    expect(withoutIssuer.status).toBe(401);
  });

  it('when the demo tokens are issued, then they carry the API audience (the realm\'s audience mapper)', () => {
    expect(part(learner.token, 1).aud).toEqual(expect.arrayContaining(['kidslearn-api']));
  });

  it('when a real, correctly signed token lacks the API audience (the backend service account), then 401', async () => {
    const token = await serviceAccountToken();
    expect(part(token, 1).aud ?? []).not.toContain('kidslearn-api');
    const res = await request(buildApp()).get('/learner').set('authorization', `Bearer ${token}`);
    expect(res.status).toBe(401);
  });

  it('when a service expects another audience, then the portal\'s tokens are refused there', async () => {
    const auth = createAuth({ keycloakUrl: env().KEYCLOAK_URL, realm: env().KEYCLOAK_REALM, audience: 'some-other-api', logger });
    await expect(auth.verify(learner.token)).rejects.toMatchObject({ status: 401 });
  });

  it('when a token that was accepted (and remembered) reaches its expiry, then it is refused from then on', async () => {
    const auth = createAuth({ keycloakUrl: env().KEYCLOAK_URL, realm: env().KEYCLOAK_REALM, logger });
    const token = learner.token; // this one's exp, even if the source refreshes meanwhile
    await expect(auth.verify(token)).resolves.toMatchObject({ email: 'learner@kidslearn.test' });
    const exp = decodeJwt(token).exp!;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(exp * 1000 + 1);
    try {
      await expect(auth.verify(token)).rejects.toMatchObject({ status: 401 });
    } finally {
      clock.mockRestore();
    }
  });
});
