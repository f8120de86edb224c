import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { signIn, tokenFor, type TokenSource } from '@kidslearn/lib-testkit';
import { messages } from '../src/messages';
import { deleteKeycloakUser, keycloakUser } from './support/keycloak';
import { actionLinkOf, waitForMailsTo, waitForMailTo } from './support/maildev';
import { followVerificationLink } from './support/keycloak-links';
import { observeEvents } from './support/rabbit';
import { bearer, fromIp, startContent, type TestService } from './support/service';

const m = messages.registration;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const newEmail = () => `reg-${randomBytes(4).toString('hex')}@kidslearn.test`;

describe('registration (integration)', () => {
  let svc: TestService;
  let admin: TokenSource;
  const created: string[] = [];

  beforeAll(async () => {
    svc = await startContent();
    admin = await signIn('admin@kidslearn.test', 'Admin1234');
  });
  afterAll(async () => {
    await Promise.all(created.map((email) => deleteKeycloakUser(email).catch(() => undefined)));
    await svc.stop();
  });

  const register = (fields: Record<string, string | undefined>, photo: { data: Buffer; type?: string; name?: string } | null = { data: PNG }) => {
    const req = svc.http().post('/registrations').set(fromIp());
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) req.field(key, value);
    if (photo) req.attach('image', photo.data, { filename: photo.name ?? 'me.png', contentType: photo.type ?? 'image/png' });
    return req;
  };
  const valid = (email: string) => ({ name: 'Rita Reader', email, password: 'Secret123', terms: 'true' });
  const localUser = (email: string) => svc.http().get('/users/email').query({ email }).set(bearer(admin.token));

  it('when the form is valid, then a Keycloak user with VERIFY_EMAIL, a verification mail, a stored photo and a local record are created', async () => {
    const email = newEmail();
    created.push(email);
    const res = await register(valid(email.toUpperCase())).expect(201);
    expect(res.body).toEqual({ message: 'Verification email sent. Please check your inbox.' });

    const kc = await keycloakUser(email);
    expect(kc).toMatchObject({ username: email, email, enabled: true, emailVerified: false, firstName: 'Rita', lastName: 'Reader' });
    expect(kc?.requiredActions).toContain('VERIFY_EMAIL');

    const mail = await waitForMailTo(email);
    expect(mail.subject).toEqual(expect.any(String));

    const user = (await localUser(email).expect(200)).body;
    expect(user).toMatchObject({ email, name: 'Rita Reader', role: 'user', gems: 0, img: expect.stringContaining('/photos/') });
    const photo = await svc.http().get(new URL(user.img).pathname).set(bearer(admin.token)).expect(200);
    expect(photo.headers['content-type']).toBe('image/png');
    // Re-encoded (metadata stripped): the same 1×1 picture, not the same bytes.
    expect(await sharp(photo.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('when a learner registers, then user.profile.changed carries the name of the form (what the standings will show)', async () => {
    const email = newEmail();
    created.push(email);
    const events = await observeEvents(['user.profile.changed']);
    try {
      await register(valid(email)).expect(201);
      const event = await events.waitFor((e) => (e.data as { email: string }).email === email);
      expect(event.data).toEqual({ email, name: 'Rita Reader' });
    } finally {
      await events.close();
    }
  });

  it('when the email has a verified account, then the caller gets the same answer as a new registration and nothing of the account changes', async () => {
    const res = await register({ ...valid('learner@kidslearn.test'), name: 'Someone Else' }).expect(201);
    expect(res.body).toEqual({ message: m.success });
    expect(await keycloakUser('learner@kidslearn.test')).toMatchObject({ firstName: 'Lina', emailVerified: true });
    expect((await localUser('learner@kidslearn.test')).body?.name).not.toBe('Someone Else');
  });

  it('when a stranger registers a pending address right after its owner, then the answer is the same as for a first registration, nothing of the account changes, and the owner who verifies keeps their own password, name and photo', async () => {
    const email = newEmail();
    created.push(email);
    await register(valid(email)).expect(201);
    const owner = await keycloakUser(email);
    const ownerRecord = (await localUser(email).expect(200)).body as { name: string; img: string };
    await waitForMailsTo(email, 1);

    const res = await register({ name: 'Mallory Stranger', email, password: 'Stranger123', terms: 'true' }).expect(201);
    expect(res.body).toEqual({ message: m.success });

    // The same account: same id, the owner's name, still pending; the record keeps the owner's name and photo.
    expect(await keycloakUser(email)).toMatchObject({ id: owner?.id, firstName: 'Rita', lastName: 'Reader', emailVerified: false });
    expect((await localUser(email).expect(200)).body).toMatchObject({ name: ownerRecord.name, img: ownerRecord.img });

    // At most the original verification mail again; whichever link the owner clicks verifies the owner's account.
    const mails = await waitForMailsTo(email, 2);
    expect(mails.map((mail) => mail.subject)).toEqual([mails[0]?.subject, mails[0]?.subject]);
    await followVerificationLink(actionLinkOf(mails[mails.length - 1]!));
    expect(await keycloakUser(email)).toMatchObject({ id: owner?.id, emailVerified: true });
    await expect(tokenFor(email, 'Secret123')).resolves.toEqual(expect.any(String));
    await expect(tokenFor(email, 'Stranger123')).rejects.toThrow();
  });

  it('when one address is registered again and again from different clients, then the address is rate-limited too', async () => {
    const email = newEmail();
    created.push(email);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await register(valid(email))).status);
    expect(statuses.slice(0, 5).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('when a JPEG photo carries EXIF/GPS metadata, then the stored photo is re-encoded without it, under an unguessable id, and is not publicly cacheable', async () => {
    const email = newEmail();
    created.push(email);
    const withGps = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'KidPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    await register(valid(email), { data: withGps, type: 'image/jpeg', name: 'me.jpg' }).expect(201);
    const { img } = (await localUser(email).expect(200)).body as { img: string };
    expect(new URL(img).pathname).toMatch(/^\/photos\/[0-9a-f]{32}$/);
    const photo = await svc.http().get(new URL(img).pathname).set(bearer(admin.token)).buffer(true).expect(200);
    expect(photo.headers['cache-control']).toMatch(/private/);
    expect(photo.headers['cache-control']).not.toMatch(/public/);
    const meta = await sharp(photo.body as Buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('when a small file decodes to a huge number of pixels, then 400 and nothing is created', async () => {
    const email = newEmail();
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await register(valid(email), { data: bomb, type: 'image/png' }).expect(400);
    expect(res.body.message).toBe(m.photoPixels);
    expect(await keycloakUser(email)).toBeFalsy();
  });

  it.each([
    ['no photo', valid(newEmail()), null, m.photoRequired],
    ['a text file posing as PNG', valid(newEmail()), { data: Buffer.from('hello, not an image'), type: 'image/png' }, m.photoType],
    ['no terms', { ...valid(newEmail()), terms: undefined }, undefined, m.termsRequired],
    ['a password without a digit', { ...valid(newEmail()), password: 'Secretpass' }, undefined, m.passwordRule],
    ['a password of 7 characters', { ...valid(newEmail()), password: 'Secre12' }, undefined, m.passwordRule],
    ['no name', { ...valid(newEmail()), name: undefined }, undefined, m.nameRequired],
    ['an invalid email', { ...valid(newEmail()), email: 'not-an-email' }, undefined, m.emailInvalid],
  ])('when the form has %s, then 400 with the SPEC message and nothing is created', async (_case, fields, photo, message) => {
    const res = await register(fields, photo === undefined ? { data: PNG } : photo).expect(400);
    expect(res.body.message).toBe(message);
    if (fields.email?.includes('@')) {
      expect(await keycloakUser(fields.email)).toBeUndefined();
      await localUser(fields.email).expect(404);
    }
  });

  it('when the photo is over 2 MB, then 413 and nothing is created', async () => {
    const email = newEmail();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await register(valid(email), { data: big }).expect(413);
    expect(res.body.message).toBe(m.photoTooLarge);
    expect(await keycloakUser(email)).toBeUndefined();
  });

  it('when the request is JSON instead of a form, then 400', async () => {
    await svc.http().post('/registrations').set(fromIp()).send(valid(newEmail())).expect(400);
  });

  it('when a photo id is unknown or malformed, then 404', async () => {
    await svc.http().get("/photos/0123456789abcdef01234567").set(bearer(admin.token)).expect(404);
    await svc.http().get("/photos/..%2F..%2Fetc").set(bearer(admin.token)).expect(404);
  });

  it('when one address registers too often, then 429', async () => {
    const limited = await startContent({ REGISTRATION_RATE_LIMIT: '2', SEED_DEMO_DATA: 'false' });
    try {
      const ip = fromIp();
      for (let i = 0; i < 2; i++) await limited.http().post('/registrations').set(ip).field('name', 'x').expect(400);
      const res = await limited.http().post('/registrations').set(ip).field('name', 'x').expect(429);
      expect(res.body.message).toBe('Too many requests. Please try again later.');
    } finally {
      await limited.stop();
    }
  });
});
