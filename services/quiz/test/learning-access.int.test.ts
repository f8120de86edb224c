// Issue 21: the answer key and the explanations never reach a learner before their own attempt is recorded, and
// the learning routes are the learner's own (anonymous 401, admin 403, another learner's review 404).
import { randomUUID } from 'node:crypto';
import { createLearner, signIn, type TestUser, type TokenSource } from '@kidslearn/lib-testkit';
import { startServices, type Started } from './support/harness';
import { call } from './support/http';

// A key no other shape in an answer repeats by chance, and explanations no answer can contain unless it leaked.
const KEY = ['D', 'B', 'A', 'C', 'D'];
const marker = randomUUID().slice(0, 8);
const EXPLANATIONS = KEY.map((_, i) => `Secret explanation ${marker} number ${i}`);

let s: Started;
let admin: TokenSource;
let a: TestUser;
let b: TestUser;
let lessonId: string;

beforeAll(async () => {
  s = await startServices();
  [admin, a, b] = await Promise.all([signIn('admin@kidslearn.test', 'Admin1234'), createLearner(), createLearner()]);
  lessonId = await s.createLesson(KEY, EXPLANATIONS);
});
afterAll(async () => {
  await s?.stop();
});

const get = (path: string, token?: string) => call('GET', `${s.quizUrl}${path}`, { token });
const post = (path: string, body: unknown, token?: string) => call('POST', `${s.quizUrl}${path}`, { token, body });

/** What must not appear in any answer to a learner who has no attempt. */
function leaks(body: unknown): string[] {
  const text = JSON.stringify(body ?? null);
  const found = EXPLANATIONS.filter((explanation) => text.includes(explanation)).map((e) => `explanation "${e}"`);
  if (text.includes(JSON.stringify(KEY))) found.push('the key as a list');
  if (/"correct"\s*:/.test(text) || /answerKey|correctAnswer/.test(text)) found.push('a correct letter');
  return found;
}

/** Every quiz route a learner can call, as a learner who has not taken the lesson's quiz. */
const everyRoute = (who: TestUser) => [
  get('/quiz-results/mine', who.token),
  get('/quiz-results/progress', who.token),
  get(`/quiz-results/${lessonId}/review`, who.token),
  get(`/standings/${lessonId}`, who.token),
  get('/daily-review', who.token),
  get(`/learner-data/${encodeURIComponent(who.email)}`, who.token),
  post('/practice-results', { lessonId, answers: KEY }, who.token),
  post('/practice-results', { lessonId, answers: ['A'] }, who.token),
  post('/daily-review/answers', { lessonId, question: 0, answer: 'D' }, who.token),
];

describe('the answer key and explanations before the attempt', () => {
  it('when a learner without an attempt calls every quiz route, then no answer holds a correct letter or an explanation', async () => {
    const replies = await Promise.all(everyRoute(a));
    expect(replies.map((reply) => leaks(reply.body))).toEqual(replies.map(() => []));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 404, 200, 200, 200, 409, 400, 404]);
    expect(replies[2]!.body.message).toBe("You have not taken this lesson's quiz yet, so there are no answers to show.");
    expect(replies[6]!.body.message).toBe("Take this lesson's quiz first.");
    expect(replies[8]!.body.message).toBe("This question is not in today's review.");
    expect(await s.quizDb!.collection('practice').countDocuments()).toBe(0);
    // The service's public description names the shapes (a `correct` property) but holds no lesson's data.
    const openapi = JSON.stringify((await get('/openapi.json')).body);
    expect(EXPLANATIONS.some((e) => openapi.includes(e)) || openapi.includes(JSON.stringify(KEY)) || /answerKey|correctAnswer/.test(openapi)).toBe(false);
  });

  it('when the learner submits the quiz, then its answer holds no key or explanation either; only their own review then shows them', async () => {
    const submitted = await post('/quiz-results', { quizId: lessonId, answers: ['D', 'A', null, 'C', 'D'] }, a.token);
    expect(submitted.status).toBe(201);
    expect(leaks(submitted.body)).toEqual([]);

    const review = await get(`/quiz-results/${lessonId}/review`, a.token);
    expect(review.status).toBe(200);
    expect(review.body).toEqual({
      lessonId,
      score: 3,
      total: 5,
      questions: KEY.map((correct, index) => ({ index, chosen: ['D', 'A', null, 'C', 'D'][index], correct, isCorrect: index === 0 || index >= 3, explanation: EXPLANATIONS[index] })),
    });
    expect(review.body.questions.map((q: { chosen: string | null }) => q.chosen)).toEqual(['D', 'A', null, 'C', 'D']);
  });

  it('when another learner (who has no attempt) calls every route after that, then they still see nothing of the key', async () => {
    const replies = await Promise.all(everyRoute(b));
    expect(replies.map((reply) => leaks(reply.body))).toEqual(replies.map(() => []));
    expect(replies[2]!.status).toBe(404);
  });
});

describe('who may call the learning routes', () => {
  const routes: [string, (token?: string) => ReturnType<typeof call>][] = [
    ['GET /quiz-results/progress', (token) => get('/quiz-results/progress', token)],
    ['GET /quiz-results/{lessonId}/review', (token) => get(`/quiz-results/${lessonId}/review`, token)],
    ['POST /practice-results', (token) => post('/practice-results', { lessonId, answers: KEY }, token)],
    ['GET /daily-review', (token) => get('/daily-review', token)],
    ['POST /daily-review/answers', (token) => post('/daily-review/answers', { lessonId, question: 0, answer: 'D' }, token)],
  ];

  it.each(routes)('when nobody is signed in (or the token is forged), then %s answers 401', async (_name, send) => {
    expect((await send(undefined)).status).toBe(401);
    expect((await send('not-a-token')).status).toBe(401);
  });

  it.each(routes)('when an admin calls %s, then 403', async (_name, send) => {
    const reply = await send(admin.token);
    expect(reply.status).toBe(403);
    expect(leaks(reply.body)).toEqual([]);
  });

  it("when learner B asks for the review of a lesson only learner A took, then 404 without the key; A's own review is 200", async () => {
    expect((await get(`/quiz-results/${lessonId}/review`, a.token)).status).toBe(200);
    const other = await get(`/quiz-results/${lessonId}/review`, b.token);
    expect(other.status).toBe(404);
    expect(leaks(other.body)).toEqual([]);
  });

  it('when the lesson id is malformed, then 400; unknown, then 404', async () => {
    expect((await get('/quiz-results/bad.id$/review', a.token)).status).toBe(400);
    expect((await get('/quiz-results/no-such-lesson/review', a.token)).status).toBe(404);
  });
});
