// Children's data (docs/SECURITY.md) for issue 21: the learner's export holds their practice runs, daily reviews and
// review schedule; learner.erased deletes them (with a completed review's unsent event), in quiz and in gems; a late
// daily.review.completed from before the erasure credits nothing.
import { randomUUID } from 'node:crypto';
import { createEvent } from '@kidslearn/contracts';
import { LogCapture, createLearner, eventually, type TestUser } from '@kidslearn/lib-testkit';
import { addDays, dayOf } from '../src/domain/review-schedule';
import { startServices, type Started } from './support/harness';
import { call } from './support/http';

const KEY = ['A', 'B'];
let s: Started;
const log = new LogCapture();
let who: TestUser;
let lessonId: string;
let day1: string;

beforeAll(async () => {
  s = await startServices(undefined, { log });
  [who, lessonId] = await Promise.all([createLearner(), s.createLesson(KEY, ['Because A.', null])]);
  await call('POST', `${s.quizUrl}/quiz-results`, { token: who.token, body: { quizId: lessonId, answers: ['A', 'C'] } });
  const attempt = await s.quizDb!.collection('attempts').findOne({ email: who.email });
  day1 = addDays(dayOf(attempt!.createdAt as Date), 1);
});
afterAll(async () => {
  await s?.stop();
});

const headers = () => ({ 'X-Test-Now': `${day1}T09:00:00Z` });
const collections = ['attempts', 'bests', 'practice', 'dailyReviews', 'reviewSchedule'];
const holding = async () => (await Promise.all(collections.map(async (name) => [name, await s.quizDb!.collection(name).countDocuments({ email: who.email })] as const))).filter(([, count]) => count > 0).map(([name]) => name);

describe("a learner's practice and reviews: export and erasure", () => {
  it('when the learner practised and reviewed, then the export holds the runs, the reviews with their answers and the schedule', async () => {
    expect((await call('POST', `${s.quizUrl}/practice-results`, { token: who.token, body: { lessonId, answers: KEY }, headers: headers() })).status).toBe(201);
    const items = (await call('GET', `${s.quizUrl}/daily-review`, { token: who.token, headers: headers() })).body.items as { question: number }[];
    expect(items.map((item) => item.question)).toEqual([1, 0]);
    for (const [question, answer] of [[1, 'B'], [0, 'A']] as const) {
      expect((await call('POST', `${s.quizUrl}/daily-review/answers`, { token: who.token, body: { lessonId, question, answer }, headers: headers() })).status).toBe(200);
    }
    await eventually(async () => (await call('GET', `${s.gemsUrl}/gems/${encodeURIComponent(who.email)}`, { token: who.token })).body.gems === 2);

    const exported = await call('GET', `${s.quizUrl}/learner-data/${encodeURIComponent(who.email)}`, { token: who.token });
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({
      service: 'quiz',
      practice: [{ lessonId, best: 2, total: 2, count: 1, strongRuns: 1, lastAt: `${day1}T09:00:00.000Z` }],
      dailyReviews: [
        {
          day: day1,
          items: [{ lessonId, question: 1 }, { lessonId, question: 0 }],
          answers: { [`${lessonId}_1`]: expect.objectContaining({ answer: 'B', isCorrect: true }), [`${lessonId}_0`]: expect.objectContaining({ answer: 'A', isCorrect: true }) },
          completedAt: `${day1}T09:00:00.000Z`,
        },
      ],
      reviewSchedule: [
        { lessonId, question: 0, step: 1, dueDay: addDays(day1, 3) },
        { lessonId, question: 1, step: 1, dueDay: addDays(day1, 3) },
      ],
    });
    expect(JSON.stringify(exported.body)).not.toContain('outbox');
    const gems = await call('GET', `${s.gemsUrl}/learner-data/${encodeURIComponent(who.email)}`, { token: who.token });
    expect(gems.body.ledger.map((line: { kind: string }) => line.kind)).toEqual(['credit', 'review']);
    expect(await holding()).toEqual(collections);
  });

  it('when the learner is erased, then quiz and gems hold nothing of theirs any more, and a late daily.review.completed credits nothing', async () => {
    const erasedAt = new Date();
    await s.publish(createEvent('learner.erased', { email: who.email, erasureId: randomUUID() }));
    await eventually(async () => (await holding()).length === 0 && !(await s.gemsDb!.collection('balances').findOne({ _id: who.email as never })), { timeoutMs: 15_000 });
    const exported = await call('GET', `${s.quizUrl}/learner-data/${encodeURIComponent(who.email)}`, { token: who.token });
    expect(exported.body).toMatchObject({ attempts: [], bests: [], practice: [], dailyReviews: [], reviewSchedule: [] });

    // A review event from before the erasure (a re-published outbox): once gems handled it (its log says so),
    // whatever it did is in the database.
    const late = { ...createEvent('daily.review.completed', { reviewId: randomUUID(), email: who.email, day: day1 }), occurredAt: new Date(erasedAt.getTime() - 1000).toISOString() };
    await s.publish(late);
    await log.handled(late.id, { name: s.gemsName });
    expect(await s.gemsDb!.collection('balances').findOne({ _id: who.email as never })).toBeNull();
    expect(await s.gemsDb!.collection('ledger').countDocuments({ email: who.email })).toBe(0);
  });
});
