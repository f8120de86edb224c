import { createLearner } from '@kidslearn/lib-testkit';
import { bearer, fromIp, startContent, type TestService } from './support/service';

// A whole school may sit behind one address: signed-in callers are limited per account, visitors per
// address with a higher ceiling.
describe('rate limits that fit a school (integration)', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startContent({ REVIEW_RATE_LIMIT: '2', REVIEW_IP_RATE_LIMIT: '3', REVIEW_RATE_WINDOW_SECONDS: '60', SEED_DEMO_DATA: 'false' });
  });
  afterAll(() => svc.stop());

  const post = (ip: Record<string, string>, token?: string) => {
    const req = svc.http().post('/review').set(ip);
    return (token ? req.set(bearer(token)) : req).send({ name: 'Pat', message: 'Great lessons' });
  };

  it('when two signed-in learners share one school address, then each has their own allowance, and the third review of one of them is refused', async () => {
    const school = fromIp();
    const [ann, ben] = await Promise.all([createLearner(), createLearner()]);
    expect([(await post(school, ann.token)).status, (await post(school, ann.token)).status]).toEqual([201, 201]);
    expect([(await post(school, ben.token)).status, (await post(school, ben.token)).status]).toEqual([201, 201]);
    expect((await post(school, ann.token)).status).toBe(429);
  });

  it('when visitors without an account share one address, then they share its higher ceiling', async () => {
    const school = fromIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(school)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
