import { createLearner, signIn, type TestUser, type TokenSource } from '@kidslearn/lib-testkit';
import { startServices, type Started } from './support/harness';
import { call } from './support/http';

const KEY = ['A', 'B', 'C', 'D'];

let s: Started;
// Read at each use: the sources fetch the next token before the current one expires.
let learner: TokenSource;
let other: TestUser;
let admin: TokenSource;
let lessonId: string;

beforeAll(async () => {
  s = await startServices();
  [learner, admin, other] = await Promise.all([signIn('learner@kidslearn.test', 'Learner123'), signIn('admin@kidslearn.test', 'Admin1234'), createLearner()]);
  lessonId = await s.createLesson(KEY);
});
afterAll(async () => {
  await s?.stop();
});

const attemptCount = () => s.quizDb!.collection('attempts').countDocuments();
const post = (token: string | undefined, body: unknown) => call('POST', `${s.quizUrl}/quiz-results`, { token, body });
const standings = (token: string | undefined, id = lessonId) => call('GET', `${s.quizUrl}/standings/${encodeURIComponent(id)}`, { token });

describe('POST /quiz-results authorisation', () => {
  it('when nobody is signed in, then 401 and nothing is stored', async () => {
    const before = await attemptCount();
    expect((await post(undefined, { quizId: lessonId, answers: KEY })).status).toBe(401);
    expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: 'not-a-token', body: { quizId: lessonId, answers: KEY } })).status).toBe(401);
    expect(await attemptCount()).toBe(before);
  });

  it('when an admin submits, then 403 and nothing is stored', async () => {
    const before = await attemptCount();
    expect((await post(admin.token, { quizId: lessonId, answers: KEY })).status).toBe(403);
    expect(await attemptCount()).toBe(before);
  });

  it('when a learner submits, then 201 with the score computed on the server', async () => {
    const reply = await post(learner.token, { quizId: lessonId, answers: ['A', 'B', 'C', 'A'], score: 99, total: 99 });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ score: 3, total: 4, reward: 1 });
  });

  it("when another learner sends someone else's userId, then the attempt is recorded for the caller only", async () => {
    const reply = await post(other.token, { quizId: lessonId, answers: KEY, userId: 'someone-else' });
    expect(reply.status).toBe(201);
    const stored = await s.quizDb!.collection('attempts').findOne({ _id: reply.body.attemptId });
    expect(stored?.email).toBe(other.email);
  });
});

describe('POST /quiz-results bad input', () => {
  const cases: [string, unknown][] = [
    ['the quiz id is missing', { answers: KEY }],
    ['the answers are missing', { quizId: lessonId }],
    ['the quiz id is an operator', { quizId: { $gt: '' }, answers: KEY }],
    ['the answers are a string', { quizId: 'x', answers: 'ABCD' }],
    ['an answer is not A to D', { quizId: lessonId, answers: ['A', 'E'] }],
    ['an answer is an operator', { quizId: lessonId, answers: [{ $gt: '' }] }],
    ['the answers map has a non-numeric key', { quizId: lessonId, answers: { $where: 'A' } }],
    ['there are more answers than questions', { quizId: lessonId, answers: ['A', 'B', 'C', 'D', 'A'] }],
    ['there are far too many answers', { quizId: lessonId, answers: Array.from({ length: 201 }, () => 'A') }],
    ['the quiz id has forbidden characters', { quizId: 'a.b$c', answers: KEY }],
  ];
  it.each(cases)('when %s, then 400 with a message and nothing is stored', async (_name, body) => {
    const before = await attemptCount();
    const reply = await post(learner.token, body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toEqual(expect.any(String));
    expect(await attemptCount()).toBe(before);
  });

  it('when the lesson is unknown, then 404 and nothing is stored', async () => {
    const before = await attemptCount();
    const reply = await post(learner.token, { quizId: 'no-such-lesson', answers: KEY });
    expect(reply).toMatchObject({ status: 404, body: { message: 'Lesson not found' } });
    expect(await attemptCount()).toBe(before);
  });

  it('when the body is not JSON or too large, then 400 or 413 and nothing is stored', async () => {
    const before = await attemptCount();
    expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: learner.token, rawBody: '{"quizId":' })).status).toBe(400);
    expect((await post(learner.token, { quizId: lessonId, answers: KEY, pad: 'x'.repeat(200_000) })).status).toBe(413);
    expect(await attemptCount()).toBe(before);
  });
});

describe('GET /standings/{lessonId}', () => {
  it('when nobody is signed in, then 401', async () => {
    expect((await standings(undefined)).status).toBe(401);
  });

  it('when a learner, another learner or an admin asks, then 200', async () => {
    for (const token of [learner.token, other.token, admin.token]) expect((await standings(token)).status).toBe(200);
  });

  it('when the lesson id is malformed or unknown, then 400 or 404', async () => {
    expect((await standings(learner.token, 'bad id!')).status).toBe(400);
    expect((await standings(learner.token, 'unknown-lesson')).status).toBe(404);
  });

  it('when learners attempt a quiz, then they are ranked by best score with ties to who got there first', async () => {
    const id = await s.createLesson(KEY);
    const [a, b, c] = await Promise.all([createLearner(), createLearner(), createLearner()]);
    // c reaches 3 last, so the tie-break must put b first; ordering by row id or by name would be a coin toss.
    await post(a.token, { quizId: id, answers: ['A', 'B', null, null] }); // 2
    await post(b.token, { quizId: id, answers: ['A', 'B', 'C', null] }); // 3
    await post(c.token, { quizId: id, answers: ['A', 'B', 'C', 'A'] }); // 3, later than b
    // Each learner's own row id (GET /quiz-results/mine) names the rows, which carry no email.
    const rowOf = async (who: TestUser) => ((await call('GET', `${s.quizUrl}/quiz-results/mine`, { token: who.token })).body as { lessonId: string; standingId: string }[]).find((r) => r.lessonId === id)?.standingId;
    const [rowA, rowB, rowC] = await Promise.all([rowOf(a), rowOf(b), rowOf(c)]);
    expect(new Set([rowA, rowB, rowC]).size).toBe(3);
    const ranked = (rows: { _id: string; score: number }[]) => rows.map((r) => [r._id, r.score]);
    expect(ranked((await standings(learner.token, id)).body)).toEqual([[rowB, 3], [rowC, 3], [rowA, 2]]);

    await post(a.token, { quizId: id, answers: KEY }); // a improves to 4: the cache must not hide it
    await post(b.token, { quizId: id, answers: [null, null, null, null] }); // worse: b keeps 3, and its place ahead of c
    const rows = (await standings(learner.token, id)).body;
    expect(rows.map((r: { _id: string; score: number; total: number }) => [r._id, r.score, r.total])).toEqual([[rowA, 4, 4], [rowB, 3, 4], [rowC, 3, 4]]);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['_id', 'score', 'total', 'userInfo']);
    expect(JSON.stringify(rows)).not.toContain('@');
  });
});

describe('answer keys', () => {
  it('when a learner submits or reads standings, then no correct answer is ever returned', async () => {
    const reply = await post(learner.token, { quizId: lessonId, answers: [null, null, null, null] });
    expect(Object.keys(reply.body).sort()).toEqual(['attemptId', 'gems', 'reward', 'score', 'total']);
    const openapi = await call('GET', `${s.quizUrl}/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(JSON.stringify(openapi.body)).not.toMatch(/answerKey|correctAnswer/);
    expect(JSON.stringify((await standings(learner.token)).body)).not.toMatch(/answerKey|correctAnswer|answers/);
  });
});

describe('GET /quiz-results/mine (Done survives a reload)', () => {
  const mine = (token: string | undefined) => call('GET', `${s.quizUrl}/quiz-results/mine`, { token });

  it('when nobody is signed in, then 401; when an admin asks, then 403', async () => {
    expect((await mine(undefined)).status).toBe(401);
    expect((await mine('not-a-token')).status).toBe(401);
    expect((await mine(admin.token)).status).toBe(403);
  });

  it('when a learner attempted a lesson, then only their own best result per lesson is listed with its reward', async () => {
    const fresh = await createLearner();
    const own = await s.createLesson(KEY);
    expect((await mine(fresh.token)).body).toEqual([]);
    await post(fresh.token, { quizId: own, answers: ['A', 'B', 'C', 'A'] });
    await post(fresh.token, { quizId: own, answers: KEY });
    // Someone else's attempt on the same lesson never shows in this learner's list.
    await post(other.token, { quizId: own, answers: ['D', 'D', 'D', 'D'] });
    const reply = await mine(fresh.token);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([{ lessonId: own, standingId: expect.stringMatching(/^[0-9a-f]{32}$/), score: 4, total: 4, reward: 2, at: expect.any(String) }]);
  });

  it("when the request names another learner (query or header), then it is ignored: the token's learner's results only", async () => {
    const fresh = await createLearner();
    const lesson = await s.createLesson(KEY);
    await post(other.token, { quizId: lesson, answers: KEY });
    const asking = (query: string) => call('GET', `${s.quizUrl}/quiz-results/mine${query}`, { token: fresh.token });
    for (const query of [`?email=${encodeURIComponent(other.email)}`, `?email[$ne]=x`, '?userId=someone']) {
      const reply = await asking(query);
      expect({ query, status: reply.status, body: reply.body }).toEqual({ query, status: 200, body: [] });
    }
    const withHeader = await call('GET', `${s.quizUrl}/quiz-results/mine`, { token: fresh.token, headers: { 'x-user-email': other.email } });
    expect(withHeader.body).toEqual([]);
  });
});
