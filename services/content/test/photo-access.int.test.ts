import { randomBytes } from 'node:crypto';
import { createLearner, signIn, tokenFor, type TokenSource } from '@kidslearn/lib-testkit';
import { deleteKeycloakUser } from './support/keycloak';
import { followVerificationLink } from './support/keycloak-links';
import { actionLinkOf, waitForMailTo } from './support/maildev';
import { bearer, fromIp, startContent, type TestService } from './support/service';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

// A child's photo is served to the child and to admins only, not to anyone who holds its link.
describe('photo access (integration)', () => {
  let svc: TestService;
  const email = `photo-${randomBytes(4).toString('hex')}@kidslearn.test`;
  let photoPath: string;
  let owner: TokenSource;

  beforeAll(async () => {
    svc = await startContent();
    await svc
      .http()
      .post('/registrations')
      .set(fromIp())
      .field('name', 'Pia Picture')
      .field('email', email)
      .field('password', 'Picture123')
      .field('terms', 'true')
      .attach('image', PNG, { filename: 'me.png', contentType: 'image/png' })
      .expect(201);
    await followVerificationLink(actionLinkOf(await waitForMailTo(email)));
    owner = await signIn(email, 'Picture123');
    const user = await svc.http().get('/users/email').query({ email }).set(bearer(owner.token)).expect(200);
    photoPath = new URL(user.body.img as string).pathname;
  });
  afterAll(async () => {
    await deleteKeycloakUser(email).catch(() => undefined);
    await svc.stop();
  });

  it('when the child it shows asks for the photo, then it is served and no cache may keep it', async () => {
    const res = await svc.http().get(photoPath).set(bearer(owner.token)).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('when an admin asks for the photo, then it is served', async () => {
    await svc.http().get(photoPath).set(bearer(await tokenFor('admin@kidslearn.test', 'Admin1234'))).expect(200);
  });

  it('when someone without a token has the link, then 401 and no picture', async () => {
    const res = await svc.http().get(photoPath).expect(401);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('when another learner has the link, then 404 (as if there were no photo)', async () => {
    const other = await createLearner();
    const res = await svc.http().get(photoPath).set(bearer(other.token)).expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
