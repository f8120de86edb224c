import { signIn, tokenFor, type TokenSource } from '@kidslearn/lib-testkit';
import { messages } from '../src/messages';
import { bearer, startContent, type TestService } from './support/service';

describe('avatars (integration)', () => {
  let svc: TestService;
  let lina: TokenSource;

  beforeAll(async () => {
    svc = await startContent();
    lina = await signIn('learner@kidslearn.test', 'Learner123');
  });
  afterAll(() => svc.stop());

  it('when avatars are listed, then at least 8 images are served as SVG by this service', async () => {
    const res = await svc.http().get('/avaters').expect(200);
    expect(res.body.length).toBeGreaterThanOrEqual(8);
    const path = new URL(res.body[0].img).pathname;
    const svg = await svc.http().get(path).expect(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('when a learner picks a catalogue avatar, then it is saved on their record', async () => {
    const { body: avatars } = await svc.http().get('/avaters').expect(200);
    const img = avatars[3].img;
    const res = await svc.http().patch('/avater/learner@kidslearn.test').set(bearer(lina.token)).send({ img }).expect(200);
    expect(res.body.img).toBe(img);
  });

  it.each([
    ['an outside URL', { img: 'https://evil.test/x.png' }, messages.avatar.notAllowed],
    ['no img', {}, messages.avatar.imgRequired],
    ['an operator object', { img: { $ne: '' } }, messages.avatar.imgRequired],
    ['an oversize img', { img: `https://x.test/${'a'.repeat(2100)}` }, 'body.img'],
  ])('when a learner sends %s, then 400 and the avatar stays', async (_case, body, message) => {
    const before = (await svc.http().get('/users/email').query({ email: 'learner@kidslearn.test' }).set(bearer(lina.token))).body.img;
    const res = await svc.http().patch('/avater/learner@kidslearn.test').set(bearer(lina.token)).send(body).expect(400);
    expect(res.body.message).toContain(message);
    const after = (await svc.http().get('/users/email').query({ email: 'learner@kidslearn.test' }).set(bearer(lina.token))).body.img;
    expect(after).toBe(before);
  });

  it('when an admin changes the avatar of an unknown user, then 404', async () => {
    const admin = await tokenFor('admin@kidslearn.test', 'Admin1234');
    const { body: avatars } = await svc.http().get('/avaters').expect(200);
    await svc.http().patch('/avater/nobody@kidslearn.test').set(bearer(admin)).send({ img: avatars[0].img }).expect(404);
  });
});
