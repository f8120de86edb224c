// Issue 21: practice runs (scored on the server, counted per learner and lesson, no gems, no standings) and the
// progress per lesson: done → practised → mastered.
import { createLearner, type TestUser } from '@kidslearn/lib-testkit';
import { startServices, type Started } from './support/harness';
import { call } from './support/http';

const KEY = ['A', 'B', 'C', 'D', 'A'];
const TWO_WRONG = ['A', 'B', 'C', null, null];
const ONE_WRONG = ['A', 'B', 'C', 'D', 'B']; // 4/5 = 80 %: a strong run
const THREE_RIGHT = ['A', 'B', 'C', 'A', 'B']; // 60 %

let s: Started;

beforeAll(async () => {
  s = await startServices();
});
afterAll(async () => {
  await s?.stop();
});

const practise = (who: TestUser, body: unknown, headers?: Record<string, string>) => call('POST', `${s.quizUrl}/practice-results`, { token: who.token, body, headers });
const progress = async (who: TestUser) => (await call('GET', `${s.quizUrl}/quiz-results/progress`, { token: who.token })).body as { lessonId: string; progress: string; practice: unknown }[];
const practiceDocs = () => s.quizDb!.collection('practice').find({}).toArray();

describe('POST /practice-results', () => {
  let who: TestUser;
  let lessonId: string;
  beforeAll(async () => {
    [who, lessonId] = await Promise.all([createLearner(), s.createLesson(KEY)]);
  });

  it("when the learner has not taken the lesson's quiz, then 409 and nothing is kept", async () => {
    const reply = await practise(who, { lessonId, answers: KEY });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe("Take this lesson's quiz first.");
    expect(await practiceDocs()).toEqual([]);
  });

  it('when the quiz was taken, then runs are scored on the server and counted: count, best, strong runs, last date', async () => {
    expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: who.token, body: { quizId: lessonId, answers: TWO_WRONG } })).status).toBe(201);
    expect(await progress(who)).toEqual([{ lessonId, progress: 'done', practice: null }]);

    const first = await practise(who, { lessonId, answers: THREE_RIGHT, score: 5, total: 5 }, { 'X-Test-Now': '2026-03-02T10:00:00Z' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ lessonId, score: 3, total: 5, practice: { best: 3, total: 5, count: 1, strongRuns: 0, lastAt: '2026-03-02T10:00:00.000Z' }, progress: 'practised' });
    expect(await progress(who)).toEqual([{ lessonId, progress: 'practised', practice: first.body.practice }]);

    const second = await practise(who, { lessonId, answers: ONE_WRONG }, { 'X-Test-Now': '2026-03-03T10:00:00Z' });
    expect(second.body).toMatchObject({ score: 4, practice: { best: 4, count: 2, strongRuns: 1, lastAt: '2026-03-03T10:00:00.000Z' }, progress: 'practised' });
    const worse = await practise(who, { lessonId, answers: [null, null, null, null, null] });
    expect(worse.body).toMatchObject({ score: 0, practice: { best: 4, count: 3, strongRuns: 1 }, progress: 'practised' });

    const third = await practise(who, { lessonId, answers: ONE_WRONG });
    expect(third.body).toMatchObject({ score: 4, practice: { best: 4, count: 4, strongRuns: 2 }, progress: 'mastered' });
    expect(await progress(who)).toEqual([{ lessonId, progress: 'mastered', practice: third.body.practice }]);
    expect(await practiceDocs()).toHaveLength(1);
  });

  it('when runs arrive at the same moment, then every one is counted (one atomic update each)', async () => {
    const before = (await practiceDocs())[0]!;
    const replies = await Promise.all(Array.from({ length: 8 }, () => practise(who, { lessonId, answers: KEY })));
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 201));
    expect((await practiceDocs())[0]).toMatchObject({ count: before.count + 8, strongRuns: before.strongRuns + 8, best: 5 });
  });

  it('when a run is practised, then no gem, no standings row and no attempt change', async () => {
    const [attempts, bests] = await Promise.all([s.quizDb!.collection('attempts').countDocuments({ email: who.email }), s.quizDb!.collection('bests').find({ email: who.email }).toArray()]);
    await practise(who, { lessonId, answers: KEY });
    expect(await s.quizDb!.collection('attempts').countDocuments({ email: who.email })).toBe(attempts);
    expect(await s.quizDb!.collection('bests').find({ email: who.email }).toArray()).toEqual(bests);
    expect(bests[0]).toMatchObject({ score: 3 });
    expect(await s.gemsDb!.collection('ledger').countDocuments({ email: who.email })).toBe(0);
  });

  const bad: [string, unknown][] = [
    ['the answers are fewer than the questions', { answers: ['A', 'B'] }],
    ['the answers are more than the questions', { answers: [...KEY, 'A'] }],
    ['an answer is not a letter', { answers: ['A', 'B', 'C', 'D', 'E'] }],
    ['an answer is an operator', { answers: ['A', 'B', 'C', 'D', { $gt: '' }] }],
    ['the answers are a map', { answers: { 0: 'A' } }],
    ['the lesson id is an operator', { lessonId: { $ne: '' }, answers: KEY }],
    ['the lesson id is missing', { lessonId: undefined, answers: KEY }],
  ];
  it.each(bad)('when %s, then 400 with a message and nothing changes', async (_name, change) => {
    const before = await practiceDocs();
    const reply = await practise(who, { lessonId, ...(change as object) });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toEqual(expect.any(String));
    expect(await practiceDocs()).toEqual(before);
  });

  it('when the lesson is unknown, then 404 Lesson not found', async () => {
    expect(await practise(who, { lessonId: 'no-such-lesson', answers: KEY })).toMatchObject({ status: 404, body: { message: 'Lesson not found' } });
  });
});

describe('GET /quiz-results/progress', () => {
  it('when a quiz was perfect, then the lesson is mastered without practice; another learner sees only their own lessons', async () => {
    const [who, other, lessonId] = await Promise.all([createLearner(), createLearner(), s.createLesson(KEY)]);
    await call('POST', `${s.quizUrl}/quiz-results`, { token: who.token, body: { quizId: lessonId, answers: KEY } });
    expect(await progress(who)).toEqual([{ lessonId, progress: 'mastered', practice: null }]);
    expect(await progress(other)).toEqual([]);
  });
});
