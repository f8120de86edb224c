// Retention in content (README "Erase, export, retention") with a controlled clock: each pass runs "as of" a
// chosen day against the real database and Keycloak. Only this test's own database is looked at, so the
// registrations of other tests running beside it are never touched.
import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { createLearner, signIn, type TokenSource } from '@kidslearn/lib-testkit';
import { createEvent } from '@kidslearn/lib-events';
import { deleteKeycloakUser, keycloakUser } from './support/keycloak';
import { observeEvents, publishEvent } from './support/rabbit';
import { bearer, eventually, fromIp, startContent, type TestService } from './support/service';

const DAY = 24 * 60 * 60 * 1000;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const newEmail = (kind: string) => `${kind}-${randomBytes(4).toString('hex')}@kidslearn.test`;

describe('retention (controlled clock, real database and Keycloak)', () => {
  let svc: TestService;
  let db: Connection;
  let admin: TokenSource;
  const created: string[] = [];

  beforeAll(async () => {
    svc = await startContent();
    db = await mongoose.createConnection(svc.config.MONGO_URL).asPromise();
    admin = await signIn('admin@kidslearn.test', 'Admin1234');
  });
  afterAll(async () => {
    await Promise.all(created.map((email) => deleteKeycloakUser(email).catch(() => undefined)));
    await db.close();
    await svc.stop();
  });

  const record = (email: string) => db.collection('users').findOne({ email });
  const review = (message: string) => db.collection('reviews').findOne({ message });

  it('when a registration stays unverified past 7 days, then its Keycloak account, record and photo go and learner.erased is published; verified learners stay', async () => {
    const pending = newEmail('pending');
    created.push(pending);
    const events = await observeEvents(['learner.erased']);
    try {
      await svc.http().post('/registrations').set(fromIp()).field('name', 'Pat Pending').field('email', pending).field('password', 'Secret123').field('terms', 'true').attach('image', PNG, { filename: 'p.png', contentType: 'image/png' }).expect(201);
      const photoPath = new URL(String((await record(pending))?.img)).pathname;
      expect((await svc.http().get(photoPath).set(bearer(admin.token))).status).toBe(200);

      // Verified and signed in: never a candidate. Verified, known here only from a gems event: asked once, then left.
      const signedIn = await createLearner();
      created.push(signedIn.email);
      await svc.http().post('/users').set(bearer(signedIn.token)).send({}).expect(201);
      const quiet = await createLearner();
      created.push(quiet.email);
      await publishEvent(createEvent('gems.balance.changed', { email: quiet.email, balance: 2, version: 1 }));
      await eventually(() => record(quiet.email), (doc) => doc !== null);

      const now = Date.now();
      expect(await svc.service.retention(new Date(now + 6 * DAY))).toEqual({ reviewEmails: 0, unverifiedAccounts: 0, familyInvitations: 0 });
      expect(await keycloakUser(pending)).toBeDefined();
      expect(await record(pending)).not.toBeNull();

      expect(await svc.service.retention(new Date(now + 8 * DAY))).toEqual({ reviewEmails: 0, unverifiedAccounts: 1, familyInvitations: 0 });
      expect(await keycloakUser(pending)).toBeUndefined();
      expect(await record(pending)).toBeNull();
      expect(await db.collection('photos').countDocuments({ owner: pending })).toBe(0);
      expect((await svc.http().get(photoPath).set(bearer(admin.token))).status).toBe(404);
      await events.waitFor((e) => (e.data as { email?: string }).email === pending);

      expect(await record(signedIn.email)).not.toBeNull();
      expect(await keycloakUser(signedIn.email)).toBeDefined();
      expect(await record(quiet.email)).toMatchObject({ identityVerifiedAt: expect.any(Date) });
      expect(await keycloakUser(quiet.email)).toBeDefined();

      // A second pass (or another instance running it) finds nothing more to do.
      expect(await svc.service.retention(new Date(now + 8 * DAY))).toEqual({ reviewEmails: 0, unverifiedAccounts: 0, familyInvitations: 0 });
    } finally {
      await events.close();
    }
  });

  it("when a review is older than 30 days, then the reviewer's email goes and the review stays", async () => {
    const message = `Lovely lessons ${randomBytes(3).toString('hex')}`;
    await svc.http().post('/review').set(fromIp()).send({ name: 'Rae Viewer', email: newEmail('reviewer'), title: 'Parent', message }).expect(201);
    const now = Date.now();
    expect((await svc.service.retention(new Date(now + 29 * DAY))).reviewEmails).toBe(0);
    expect(await review(message)).toHaveProperty('email');
    expect((await svc.service.retention(new Date(now + 31 * DAY))).reviewEmails).toBe(1);
    expect(await review(message)).not.toHaveProperty('email');
    expect(await review(message)).toMatchObject({ name: 'Rae Viewer', message });
    expect((await svc.service.retention(new Date(now + 31 * DAY))).reviewEmails).toBe(0);
  });
});
