import { randomUUID } from 'node:crypto';
import { LogCapture, createLearner, signIn, type TokenSource } from '@kidslearn/lib-testkit';
import { eventually, redemptionEvent, scoredEvent, startServices, type Started } from './support/harness';
import { call } from './support/http';

const KEY = ['A', 'B', 'C', 'D', 'A'];
const PERFECT = KEY;
const ONE_WRONG = ['A', 'B', 'C', 'D', 'B'];
const TWO_WRONG = ['A', 'B', 'C', null, null];

let s: Started;
const log = new LogCapture();
let admin: TokenSource;

beforeAll(async () => {
  s = await startServices(undefined, { log });
  admin = await signIn('admin@kidslearn.test', 'Admin1234');
});
afterAll(async () => {
  await s?.stop();
});

const submit = (token: string, quizId: string, answers: unknown) => call('POST', `${s.quizUrl}/quiz-results`, { token, body: { quizId, answers } });
const balanceOf = async (email: string) => (await call('GET', `${s.gemsUrl}/gems/${encodeURIComponent(email)}`, { token: admin.token })).body.gems as number;
const ledgerOf = async (email: string) =>
  (await call('GET', `${s.gemsUrl}/gems/${encodeURIComponent(email)}/ledger`, { token: admin.token })).body as {
    gems: number;
    entries: { ref: string; kind: string; amount: number; balance: number }[];
  };
const randomEmail = () => `gems-${randomUUID().slice(0, 8)}@kidslearn.test`;

describe('quiz → gems', () => {
  it('when a learner submits a perfect quiz, then it is scored on the server and 2 gems are credited', async () => {
    const learner = await createLearner();
    const lessonId = await s.createLesson(KEY);
    const reply = await submit(learner.token, lessonId, PERFECT);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ attemptId: expect.any(String), score: 5, total: 5, reward: 2, gems: 2 });
    expect(await balanceOf(learner.email)).toBe(2);
  });

  it('when the same attempt event is delivered twice, then the reward is credited exactly once', async () => {
    const email = randomEmail();
    const event = scoredEvent(email, 'lesson-dup', 2);
    await s.publish(event);
    await s.publish(event);
    await eventually(async () => (await balanceOf(email)) === 2);
    // gems handled both deliveries (its log says so).
    await log.handled(event.id, { name: s.gemsName, times: 2 });
    const ledger = await ledgerOf(email);
    expect(ledger.gems).toBe(2);
    expect(ledger.entries).toHaveLength(1);
  });

  it('when rewards go 0 then 1 then 2 on one lesson, then the total is 2', async () => {
    const learner = await createLearner();
    const lessonId = await s.createLesson(KEY);
    const replies = [];
    for (const answers of [TWO_WRONG, ONE_WRONG, PERFECT]) replies.push((await submit(learner.token, lessonId, answers)).body);
    expect(replies.map((r) => [r.reward, r.gems])).toEqual([[0, 0], [1, 1], [2, 2]]);
    const ledger = await ledgerOf(learner.email);
    expect(ledger.entries.map((e) => e.amount)).toEqual([1, 1]);
  });

  it('when a reward of 2 is followed by a reward of 1, then the total stays 2', async () => {
    const learner = await createLearner();
    const lessonId = await s.createLesson(KEY);
    expect((await submit(learner.token, lessonId, PERFECT)).body.gems).toBe(2);
    const second = await submit(learner.token, lessonId, ONE_WRONG);
    expect(second.body).toMatchObject({ reward: 1, gems: 2 });
    expect(await balanceOf(learner.email)).toBe(2);
  });

  it("when a learner's attempts and redemptions are replayed, then they reconcile exactly with the balance and the ledger", async () => {
    const learner = await createLearner();
    const lessons = [await s.createLesson(KEY), await s.createLesson(KEY)];
    await submit(learner.token, lessons[0]!, ONE_WRONG);
    await submit(learner.token, lessons[0]!, PERFECT);
    await submit(learner.token, lessons[1]!, ONE_WRONG);
    await submit(learner.token, lessons[1]!, TWO_WRONG);
    await eventually(async () => (await balanceOf(learner.email)) === 3);
    const redemptions = [redemptionEvent(learner.email, 2), redemptionEvent(learner.email, 5), redemptionEvent(learner.email, 1)];
    for (const r of redemptions) await s.publish(r);
    await eventually(async () => (await ledgerOf(learner.email)).entries.filter((e) => e.kind.startsWith('debit')).length === 3);

    const attempts = await s.quizDb!.collection('attempts').find({ email: learner.email }).toArray();
    const bestByLesson = new Map<string, number>();
    for (const a of attempts) bestByLesson.set(a.lessonId as string, Math.max(bestByLesson.get(a.lessonId as string) ?? 0, a.reward as number));
    const earned = [...bestByLesson.values()].reduce((sum, r) => sum + r, 0);
    const ledger = await ledgerOf(learner.email);
    const debitedIds = ledger.entries.filter((e) => e.kind === 'debit').map((e) => e.ref);
    const spent = redemptions.filter((r) => debitedIds.includes(r.data.redemptionId)).reduce((sum, r) => sum + r.data.cost, 0);

    expect(earned).toBe(3);
    expect(debitedIds.sort()).toEqual([redemptions[0]!.data.redemptionId, redemptions[2]!.data.redemptionId].sort());
    expect(ledger.gems).toBe(earned - spent);
    expect(ledger.entries.reduce((sum, e) => sum + e.amount, 0)).toBe(ledger.gems);
    expect(await balanceOf(learner.email)).toBe(0);
  });

  it('when 50 redemptions arrive at once for a balance covering 3, then exactly 3 are debited and the rest rejected', async () => {
    const email = randomEmail();
    for (const [i, reward] of [2, 2, 2, 1].entries()) await s.publish(scoredEvent(email, `lesson-k${i}`, reward));
    await eventually(async () => (await balanceOf(email)) === 7);
    await Promise.all(Array.from({ length: 50 }, () => s.publish(redemptionEvent(email, 2))));
    await eventually(async () => (await ledgerOf(email)).entries.filter((e) => e.kind.startsWith('debit')).length === 50, 60_000, 200);
    const ledger = await ledgerOf(email);
    expect(ledger.entries.filter((e) => e.kind === 'debit')).toHaveLength(3);
    expect(ledger.entries.filter((e) => e.kind === 'debit-rejected')).toHaveLength(47);
    expect(ledger.gems).toBe(1);
    expect(Math.min(...ledger.entries.map((e) => e.balance))).toBeGreaterThanOrEqual(0);
  });

  it('when the same redemption is requested twice, then it is debited once', async () => {
    const email = randomEmail();
    await s.publish(scoredEvent(email, 'lesson-r', 2));
    await eventually(async () => (await balanceOf(email)) === 2);
    const redemptionId = randomUUID();
    const requests = [redemptionEvent(email, 1, redemptionId), redemptionEvent(email, 1, redemptionId)];
    for (const request of requests) await s.publish(request);
    await eventually(async () => (await balanceOf(email)) === 1);
    // gems handled both requests (its log says so).
    await Promise.all(requests.map((request) => log.handled(request.id, { name: s.gemsName })));
    expect((await ledgerOf(email)).entries.filter((e) => e.ref === redemptionId)).toHaveLength(1);
    expect(await balanceOf(email)).toBe(1);
  });
});
