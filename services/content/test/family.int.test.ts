import { randomBytes } from 'node:crypto';
import type { Test } from 'supertest';
import { createAdmin, createLearner, createParent, tokenFor, type TestUser } from '@kidslearn/lib-testkit';
import { messages } from '../src/messages';
import { deleteKeycloakUser, keycloakUser } from './support/keycloak';
import { mailsTo, waitForMailsTo, waitForMailTo } from './support/maildev';
import { observeEvents } from './support/rabbit';
import { bearer, fromIp, startContent, type TestService } from './support/service';

const f = messages.family;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const newEmail = (what: string) => `${what}-${randomBytes(4).toString('hex')}@kidslearn.test`;

/** The invitation token of the newest consent mail to `address`. */
async function inviteTokenMailedTo(address: string): Promise<string> {
  const mail = await waitForMailTo(address);
  const token = /\/family\/consent\?invite=([A-Za-z0-9_-]+)/.exec(mail.html ?? '')?.[1];
  if (!token) throw new Error(`no consent link in "${mail.subject}"`);
  return token;
}

describe('families (integration): a child names a parent, the parent answers, sees and decides', () => {
  let svc: TestService;
  let admin: TestUser;
  let otherParent: TestUser;
  const accounts: string[] = [];

  beforeAll(async () => {
    svc = await startContent({ PORTAL_URL: 'http://portal.test' });
    [admin, otherParent] = await Promise.all([createAdmin(), createParent()]);
  });
  afterAll(async () => {
    await Promise.all(accounts.map((email) => deleteKeycloakUser(email).catch(() => undefined)));
    await svc.stop();
  });

  const register = (email: string, parentEmail?: string) => {
    const req = svc.http().post('/registrations').set(fromIp()).field('name', 'Kim Kid').field('email', email).field('password', 'Secret123').field('terms', 'true');
    if (parentEmail !== undefined) req.field('parentEmail', parentEmail);
    return req.attach('image', PNG, { filename: 'me.png', contentType: 'image/png' });
  };

  /** A registered child who named a fresh parent address, and the mailed token. */
  async function childWithInvitation() {
    const child = newEmail('child');
    const parent = newEmail('parent');
    accounts.push(child, parent);
    await register(child, parent).expect(201);
    return { child, parent, token: await inviteTokenMailedTo(parent) };
  }

  /** The invited parent signs up through the invitation and signs in. */
  async function parentSignedUp(parent: string, token: string) {
    await svc.http().post('/family/parents').set(fromIp()).send({ token, name: 'Pam Parent', password: 'Parent123' }).expect(201);
    return tokenFor(parent, 'Parent123');
  }

  it('when a child registers with a parent\'s email, then the parent gets a mail whose link shows the child and lets them make a verified parent account', async () => {
    const { child, parent, token } = await childWithInvitation();
    const mail = await waitForMailTo(parent);
    expect(mail.subject).toBe(f.mailSubject('Kim Kid'));
    expect(mail.html).toContain('http://portal.test/family/consent?invite=');
    expect(mail.text).not.toContain(child);

    const invitation = (await svc.http().get(`/family/invitations/${token}`).set(fromIp()).expect(200)).body;
    expect(invitation).toEqual({ childName: 'Kim Kid', parentEmail: parent, hasAccount: false, expiresAt: expect.any(String) });

    await svc.http().post('/family/parents').set(fromIp()).send({ token, name: 'Pam Parent', password: 'weak' }).expect(400);
    await parentSignedUp(parent, token);
    expect(await keycloakUser(parent)).toMatchObject({ email: parent, emailVerified: true });
    const again = await svc.http().post('/family/parents').set(fromIp()).send({ token, name: 'Pam Parent', password: 'Parent123' }).expect(409);
    expect(again.body.message).toBe(f.accountExists);
    expect((await svc.http().get(`/family/invitations/${token}`).set(fromIp()).expect(200)).body.hasAccount).toBe(true);
  });

  it('when the parent agrees, then family.linked goes out once and the parent (only) sees the child; settings and withdrawal announce the newer versions', async () => {
    const { child, parent, token } = await childWithInvitation();
    const parentToken = await parentSignedUp(parent, token);
    const events = await observeEvents(['family.linked', 'family.unlinked']);
    try {
      // Another parent, a learner and an admin cannot answer it.
      await svc.http().post('/family/consents').set(bearer(otherParent.token)).send({ token, decision: 'agree' }).expect(403);
      const learner = await createLearner();
      await svc.http().post('/family/consents').set(bearer(learner.token)).send({ token, decision: 'agree' }).expect(403);
      await svc.http().post('/family/consents').send({ token, decision: 'agree' }).expect(401);

      const agreed = (await svc.http().post('/family/consents').set(bearer(parentToken)).send({ token, decision: 'agree' }).expect(200)).body;
      expect(agreed).toMatchObject({ decision: 'agree', child: { name: 'Kim Kid', approveGifts: true, monthlyGemCap: null, img: expect.stringContaining('/photos/') } });
      const { linkId } = agreed.child as { linkId: string };
      const linked = await events.waitFor((e) => e.type === 'family.linked' && (e.data as { linkId: string }).linkId === linkId);
      expect(linked.data).toEqual({ linkId, childEmail: child, parentEmail: parent, approveGifts: true, monthlyGemCap: null, version: 2 });
      // The token is spent.
      await svc.http().post('/family/consents').set(bearer(parentToken)).send({ token, decision: 'agree' }).expect(404);

      expect((await svc.http().get('/family/children').set(bearer(parentToken)).expect(200)).body).toEqual([agreed.child]);
      expect((await svc.http().get('/family/children').set(bearer(otherParent.token)).expect(200)).body).toEqual([]);
      await svc.http().get('/family/children').set(bearer(learner.token)).expect(403);
      await svc.http().get('/family/children').set(bearer(admin.token)).expect(403);
      await svc.http().get('/family/children').expect(401);

      for (const caller of [otherParent.token, learner.token, admin.token]) {
        const status = caller === otherParent.token ? 404 : 403;
        await svc.http().patch(`/family/children/${linkId}`).set(bearer(caller)).send({ approveGifts: false }).expect(status);
        await svc.http().delete(`/family/children/${linkId}/consent`).set(bearer(caller)).expect(status);
        await svc.http().delete(`/family/children/${linkId}`).set(bearer(caller)).expect(status);
        await svc.http().get(`/family/children/${linkId}/export`).set(bearer(caller)).expect(status);
      }
      await svc.http().patch(`/family/children/${linkId}`).send({ approveGifts: false }).expect(401);

      const bad = await svc.http().patch(`/family/children/${linkId}`).set(bearer(parentToken)).send({ monthlyGemCap: -1 }).expect(400);
      expect(bad.body.message).toBe(f.capInvalid);
      const changed = (await svc.http().patch(`/family/children/${linkId}`).set(bearer(parentToken)).send({ approveGifts: false, monthlyGemCap: 40 }).expect(200)).body;
      expect(changed).toMatchObject({ linkId, approveGifts: false, monthlyGemCap: 40 });
      const settings = await events.waitFor((e) => e.type === 'family.linked' && (e.data as { version: number }).version === 3);
      expect(settings.data).toMatchObject({ linkId, approveGifts: false, monthlyGemCap: 40 });

      await svc.http().delete(`/family/children/${linkId}/consent`).set(bearer(parentToken)).expect(204);
      const unlinked = await events.waitFor((e) => e.type === 'family.unlinked');
      expect(unlinked.data).toEqual({ linkId, childEmail: child, parentEmail: parent, version: 4 });
      expect((await svc.http().get('/family/children').set(bearer(parentToken)).expect(200)).body).toEqual([]);
      await svc.http().get(`/family/children/${linkId}/export`).set(bearer(parentToken)).expect(404);
      expect(events.seen.filter((e) => e.type === 'family.linked' && (e.data as { version: number }).version === 2)).toHaveLength(1);
    } finally {
      await events.close();
    }
  });

  it('when anyone but the parent calls a parent\'s route, then 401 without a token, 403 without the parent role and 404 for another parent (as if there were no child)', async () => {
    const { parent, token } = await childWithInvitation();
    const parentToken = await parentSignedUp(parent, token);
    const { linkId } = (await svc.http().post('/family/consents').set(bearer(parentToken)).send({ token, decision: 'agree' }).expect(200)).body.child as { linkId: string };
    const learner = await createLearner();
    const routes: [string, string, object?][] = [
      ['get', '/family/children'],
      ['patch', `/family/children/${linkId}`, { approveGifts: true }],
      ['delete', `/family/children/${linkId}/consent`],
      ['delete', `/family/children/${linkId}`],
      ['get', `/family/children/${linkId}/export`],
    ];
    const statusOf = async (method: string, path: string, body: object | undefined, caller: string | undefined) => {
      const req = (svc.http() as unknown as Record<string, (path: string) => Test>)[method]!(path);
      if (caller) req.set(bearer(caller));
      return (await (body ? req.send(body) : req)).status;
    };
    const seen: string[] = [];
    for (const [method, path, body] of routes) {
      const list = path === '/family/children';
      seen.push(`${method} ${path}: ${await statusOf(method, path, body, undefined)} ${await statusOf(method, path, body, learner.token)} ${await statusOf(method, path, body, admin.token)} ${await statusOf(method, path, body, otherParent.token)}`);
      expect(seen.at(-1)).toBe(`${method} ${path}: 401 403 403 ${list ? 200 : 404}`);
    }
    // The parent still has the child: nothing above changed it.
    expect((await svc.http().get('/family/children').set(bearer(parentToken)).expect(200)).body).toEqual([expect.objectContaining({ linkId, approveGifts: true })]);
    // The learner's own routes: not for parents, admins or anonymous callers.
    for (const caller of [otherParent.token, admin.token]) await svc.http().get('/family/parent').set(bearer(caller)).expect(403);
    await svc.http().get('/family/parent').expect(401);
  });

  it('when the parent refuses, then the child\'s account and records are erased', async () => {
    const { child, parent, token } = await childWithInvitation();
    const parentToken = await parentSignedUp(parent, token);
    const erased = await observeEvents(['learner.erased']);
    try {
      expect((await svc.http().post('/family/consents').set(bearer(parentToken)).send({ token, decision: 'refuse' }).expect(200)).body).toEqual({ decision: 'refuse' });
      await erased.waitFor((e) => (e.data as { email: string }).email === child);
    } finally {
      await erased.close();
    }
    expect(await keycloakUser(child)).toBeUndefined();
    await svc.http().get('/users/email').query({ email: child }).set(bearer(admin.token)).expect(404);
    await svc.http().get(`/family/invitations/${token}`).set(fromIp()).expect(404);
  });

  it('when a learner names a parent later, then the parent is mailed; a learner cannot name themself, and a bad address changes nothing', async () => {
    const learner = await createLearner();
    const parent = newEmail('later');
    accounts.push(parent);
    expect((await svc.http().get('/family/parent').set(bearer(learner.token)).expect(200)).body).toEqual({ parentEmail: null, status: 'none', consentMode: 'optional' });
    expect((await svc.http().put('/family/parent').set(bearer(learner.token)).send({ parentEmail: 'not-an-email' }).expect(400)).body.message).toBe(f.parentEmailInvalid);
    expect((await svc.http().put('/family/parent').set(bearer(learner.token)).send({ parentEmail: learner.email }).expect(400)).body.message).toBe(f.parentIsChild);
    expect((await svc.http().put('/family/parent').set(bearer(learner.token)).send({ parentEmail: parent.toUpperCase() }).expect(200)).body).toEqual({ parentEmail: parent, status: 'invited', consentMode: 'optional' });
    const token = await inviteTokenMailedTo(parent);
    expect((await svc.http().get(`/family/invitations/${token}`).set(fromIp()).expect(200)).body.childName).toBe(learner.name);
    await svc.http().put('/family/parent').set(bearer(admin.token)).send({ parentEmail: parent }).expect(403);
    await svc.http().put('/family/parent').set(bearer(otherParent.token)).send({ parentEmail: parent }).expect(403);
    await svc.http().put('/family/parent').send({ parentEmail: parent }).expect(401);
    // A learner cannot turn the invitation into a mail cannon: FAMILY_INVITE_RATE_LIMIT (5) an hour, counting the
    // three above, then 429 and no mail.
    expect(svc.config.FAMILY_INVITE_RATE_LIMIT).toBe(5);
    const before = (await mailsTo(parent)).length;
    const answers: number[] = [];
    for (let i = 0; i < 3; i += 1) answers.push((await svc.http().put('/family/parent').set(bearer(learner.token)).send({ parentEmail: parent })).status);
    expect(answers).toEqual([200, 200, 429]);
    expect(await waitForMailsTo(parent, before + 2)).toHaveLength(before + 2);
  });

  it('when the registration names a bad parent\'s email, then 400 and nothing is created; an unknown or malformed invitation is 404', async () => {
    const child = newEmail('child');
    expect((await register(child, 'nope').expect(400)).body.message).toBe(f.parentEmailInvalid);
    expect((await register(child, child).expect(400)).body.message).toBe(f.parentIsChild);
    expect(await keycloakUser(child)).toBeUndefined();
    expect((await svc.http().get(`/family/invitations/${'x'.repeat(43)}`).set(fromIp()).expect(404)).body.message).toBe(f.invitationInvalid);
    await svc.http().get('/family/invitations/bad').set(fromIp()).expect(400);
  });

  it('when invitations are past their days, then retention removes them and their links stop working', async () => {
    const { token } = await childWithInvitation();
    const removed = await svc.service.retention(new Date(Date.now() + (svc.config.FAMILY_INVITE_DAYS + 1) * 24 * 60 * 60_000));
    expect(removed.familyInvitations).toBeGreaterThanOrEqual(1);
    await svc.http().get(`/family/invitations/${token}`).set(fromIp()).expect(404);
  });
});
