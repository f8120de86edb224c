// Erase and export across the four services (docs/SECURITY.md "Children's data"): a learner with data in
// every service and in the photo store is exported, then erased; afterwards no database holds their email,
// name or ids, late events and their still-valid token bring nothing back, and the Keycloak account is gone.
import { randomBytes, randomUUID } from 'node:crypto';
import { tokenFor, createLearner, eventually, env } from '@kidslearn/lib-testkit';
import type { EventInput, EventType } from '@kidslearn/contracts';
import { createEvent } from '@kidslearn/lib-events';
import { erasureKey } from '@kidslearn/lib-mongo';
import { call, startAllServices, type Fleet, type ServiceName } from './support/all-services';
import { deleteKeycloakUser, keycloakUser } from './support/keycloak';
import { bearer, fromIp } from './support/service';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const SERVICES: ServiceName[] = ['content', 'quiz', 'gems', 'gifts'];
const address = { name: 'Erin Eraseme', phone: '+1 555 0199', address1: '7 Forget-me Lane', city: 'Mathtown', postalCode: '54321' };

/** The account registered through the form is verified by hand (the mail link is registration's own test). */
async function verifyAccount(email: string): Promise<void> {
  const { KEYCLOAK_URL, KEYCLOAK_REALM, KEYCLOAK_BACKEND_SECRET } = env();
  const tokenRes = await fetch(`${KEYCLOAK_URL}/realms/${KEYCLOAK_REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'kidslearn-backend', client_secret: KEYCLOAK_BACKEND_SECRET }),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const account = await keycloakUser(email);
  if (!account) throw new Error('registered account not found');
  const res = await fetch(`${KEYCLOAK_URL}/admin/realms/${KEYCLOAK_REALM}/users/${account.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ emailVerified: true, requiredActions: [] }),
  });
  if (!res.ok) throw new Error(`verify account: ${res.status}`);
}

describe('erase and export a learner across every service (integration)', () => {
  let fleet: Fleet;
  let admin: Awaited<ReturnType<typeof createLearner>>;
  let other: Awaited<ReturnType<typeof createLearner>>;
  const suffix = randomBytes(4).toString('hex');
  const learner = { email: `erase-${suffix}@kidslearn.test`, name: `Erin Eraseme${suffix}`, password: 'Secret123' };
  let token: string;
  let userId: string;
  let keycloakId: string;
  let photoPath: string;
  let erasedFrom: string;
  const lessonIds: string[] = [];

  beforeAll(async () => {
    fleet = await startAllServices();
    [admin, other] = await Promise.all([createLearner({ admin: true }), createLearner()]);
  });
  afterAll(async () => {
    await Promise.all([admin, other].filter(Boolean).map((u) => deleteKeycloakUser(u.email).catch(() => undefined)));
    await deleteKeycloakUser(learner.email).catch(() => undefined);
    await fleet?.stop();
  });

  const http = () => fleet.content.http();
  const dumps = async () => Object.fromEntries(await Promise.all(SERVICES.map(async (name) => [name, (await fleet.dump(name)).toLowerCase()] as const)));
  const traces = () => [learner.email, learner.name, address.name, userId, keycloakId, address.address1, address.phone];
  const found = async () => {
    const all = await dumps();
    return SERVICES.flatMap((name) => traces().filter((trace) => all[name]!.includes(trace.toLowerCase())).map((trace) => `${name}: ${trace}`));
  };

  it('when a learner registers with a photo, takes quizzes, earns gems, redeems a gift and leaves a review, then every service holds their data', async () => {
    const reg = await http().post('/registrations').set(fromIp()).field('name', learner.name).field('email', learner.email).field('password', learner.password).field('terms', 'true').attach('image', PNG, { filename: 'me.png', contentType: 'image/png' });
    expect(reg.status).toBe(201);
    await verifyAccount(learner.email);
    token = await tokenFor(learner.email, learner.password);
    keycloakId = (await keycloakUser(learner.email))!.id;
    const me = await http().post('/users').set(bearer(token)).send({ name: learner.name });
    expect(me.status).toBeLessThan(300);
    userId = me.body._id;
    photoPath = new URL(me.body.img).pathname;

    // Three one-question lessons, each answered perfectly: 2 gems each.
    for (let i = 0; i < 3; i += 1) {
      const lesson = { lessonHeading: `Erase me ${suffix} ${i}`, parts: [{ name: 'Part', link: 'https://example.com/v' }], quiz: [{ question: '1+1?', optionA: '2', optionB: '3', optionC: '4', optionD: '5', correctAnswer: 'A' }] };
      lessonIds.push((await http().post('/lessons').set(bearer(admin.token)).send(lesson).expect(201)).body._id);
    }
    for (const quizId of lessonIds) {
      await eventually(async () => (await call(`${fleet.quizUrl}/quiz-results`, 'POST', token, { quizId, answers: ['A'] })).status === 201);
    }
    await eventually(async () => (await call(`${fleet.gemsUrl}/gems/${learner.email}`, 'GET', token)).body.gems === 6);

    const redeemed = await call(`${fleet.giftsUrl}/redemptions`, 'POST', token, { giftId: 'stickers', address });
    expect(redeemed.status).toBe(201);
    await http().post('/review').set(fromIp()).send({ name: learner.name, email: learner.email, title: 'Learner', message: 'Maths is fun now!' }).expect(201);

    const before = await found();
    for (const name of SERVICES) expect(before.some((trace) => trace.startsWith(`${name}: ${learner.email}`))).toBe(true);
    expect((await http().get(photoPath).set(bearer(admin.token))).status).toBe(200);
  });

  it('when an admin exports the learner, then one JSON download holds every part from every service; the learner may export themself, another learner may not', async () => {
    const res = await http().get(`/users/${userId}/export`).set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kidslearn-learner-${userId}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body;
    expect(body.learner).toEqual({ userId, email: learner.email });
    expect(body.account).toMatchObject({ id: keycloakId, email: learner.email, emailVerified: true });
    expect(body.content.user).toMatchObject({ email: learner.email, name: learner.name });
    expect(body.content.photos).toHaveLength(1);
    expect(Buffer.from(body.content.photos[0].dataBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(body.content.reviews).toEqual([expect.objectContaining({ email: learner.email, message: 'Maths is fun now!' })]);
    expect(body.quiz.attempts).toHaveLength(3);
    expect(body.quiz.bests.map((b: { lessonId: string }) => b.lessonId).sort()).toEqual([...lessonIds].sort());
    expect(body.gems.balance).toMatchObject({ gems: 1 });
    expect(body.gems.ledger.map((l: { kind: string }) => l.kind).sort()).toEqual(['credit', 'credit', 'credit', 'debit']);
    expect(body.gifts.redemptions).toEqual([expect.objectContaining({ giftId: 'stickers', address: expect.objectContaining(address) })]);

    const own = await http().get(`/users/${userId}/export`).set(bearer(token));
    expect(own.status).toBe(200);
    expect(own.body.gifts.redemptions).toHaveLength(1);
    expect((await http().get(`/users/${userId}/export`).set(bearer(other.token))).status).toBe(403);
  });

  it('when the delete is not allowed, then nothing changes: a learner is refused, an admin cannot be erased (nor erase themself), an unknown id is 404', async () => {
    expect((await http().delete(`/users/${userId}`).set(bearer(other.token))).status).toBe(403);
    const adminRecord = await http().post('/users').set(bearer(admin.token)).send({});
    const self = await http().delete(`/users/${adminRecord.body._id}`).set(bearer(admin.token));
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot delete your own account here.');
    expect((await http().delete(`/users/${'0'.repeat(24)}`).set(bearer(admin.token))).status).toBe(404);
    expect((await http().delete('/users/not-an-id').set(bearer(admin.token))).status).toBe(400);
    expect(await keycloakUser(learner.email)).toBeDefined();
  });

  it('when an admin erases the learner, then the Keycloak account, the photo and every trace in the four databases are gone (audit rows without them stay)', async () => {
    erasedFrom = new Date().toISOString();
    const res = await http().delete(`/users/${userId}`).set(bearer(admin.token));
    expect(res.status).toBe(202);
    expect(res.body.message).toBe("The learner's data is being deleted.");

    expect(await keycloakUser(learner.email)).toBeUndefined();
    expect((await http().get(photoPath).set(bearer(admin.token))).status).toBe(404);
    await eventually(async () => (await found()).length === 0, { timeoutMs: 20_000 });
    expect(await found()).toEqual([]);

    // What an audit needs of the parcel is kept, without anything that names the learner.
    const audit = await (await fleet.database('gifts')).db!.collection('erasedRedemptions').find({}).toArray();
    expect(audit).toEqual([expect.objectContaining({ giftId: 'stickers', cost: 5, status: 'pending-delivery', erasedAt: expect.any(Date) })]);
    expect(Object.keys(audit[0]!).sort()).toEqual(['_id', 'cost', 'createdAt', 'erasedAt', 'giftId', 'giftName', 'status']);
    // Each service keeps a tombstone under a one-way key, so late news of the learner is dropped.
    for (const name of SERVICES) {
      const tombstone = await (await fleet.database(name)).db!.collection('erasures').findOne({ _id: erasureKey(learner.email) as never });
      expect(tombstone).toMatchObject({ erasedAt: expect.any(Date) });
    }
    // The admin's directory and counts no longer show them.
    const page = await http().get('/users').query({ page: 1, limit: 100, q: 'erase-' }).set(bearer(admin.token));
    expect(page.body.items.map((u: { email: string }) => u.email)).not.toContain(learner.email);
  });

  it('when events from before the erasure arrive late and the old token is used, then nothing comes back', async () => {
    const before = new Date(Date.parse(erasedFrom) - 1000).toISOString();
    const late = <T extends EventType>(type: T, data: EventInput<T>) => ({ ...createEvent(type, data), occurredAt: before });
    await fleet.publish(late('quiz.attempt.scored', { attemptId: randomUUID(), lessonId: lessonIds[0]!, email: learner.email, userId: keycloakId, name: learner.name, score: 1, total: 1, reward: 2 }));
    await fleet.publish(late('redemption.requested', { redemptionId: randomUUID(), email: learner.email, cost: 1 }));
    await fleet.publish(late('gems.balance.changed', { email: learner.email, balance: 7, version: 99 }));
    await fleet.publish(late('user.profile.changed', { email: learner.email, name: learner.name }));

    // The same kinds of news about another learner, published after: once they are applied, the late ones were seen.
    const control = `control-${suffix}@kidslearn.test`;
    await fleet.publish(createEvent('quiz.attempt.scored', { attemptId: randomUUID(), lessonId: lessonIds[0]!, email: control, userId: 'control', name: 'Control', score: 1, total: 1, reward: 2 }));
    await fleet.publish(createEvent('user.profile.changed', { email: control, name: 'Control Person' }));
    await eventually(async () => {
      const all = await dumps();
      return all.gems!.includes(control) && all.content!.includes(control) && all.quiz!.includes('control person');
    });

    // A token issued before the erasure (the account is gone, the token lives until it expires).
    expect((await call(`${fleet.quizUrl}/quiz-results`, 'POST', token, { quizId: lessonIds[1], answers: ['A'] })).status).toBe(401);
    expect((await call(`${fleet.giftsUrl}/redemptions`, 'POST', token, { giftId: 'stickers', address })).status).toBe(401);
    const signIn = await http().post('/users').set(bearer(token)).send({ name: learner.name });
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe('This account has been deleted.');

    expect(await found()).toEqual([]);
  });
});
