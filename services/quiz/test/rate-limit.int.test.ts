import { createLearner } from '@kidslearn/lib-testkit';
import { startServices, type Started } from './support/harness';
import { call } from './support/http';

const KEY = ['A', 'B'];
let s: Started;
let lessonId: string;

beforeAll(async () => {
  process.env.SUBMISSIONS_PER_MINUTE = '3';
  try {
    s = await startServices({ quiz: true });
  } finally {
    delete process.env.SUBMISSIONS_PER_MINUTE;
  }
  lessonId = await s.createLesson(KEY);
});
afterAll(async () => {
  await s?.stop();
});

it('when one learner submits more often than the per-learner limit, then 429 and nothing more is stored; another learner is not affected', async () => {
  const [a, b] = await Promise.all([createLearner(), createLearner()]);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await call('POST', `${s.quizUrl}/quiz-results`, { token: a.token, body: { quizId: lessonId, answers: KEY } })).status);
  expect(statuses).toEqual([201, 201, 201, 429]);
  expect(await s.quizDb!.collection('attempts').countDocuments({ email: a.email })).toBe(3);
  expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: b.token, body: { quizId: lessonId, answers: KEY } })).status).toBe(201);
});
