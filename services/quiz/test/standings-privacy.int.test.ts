import { createLearner } from '@kidslearn/lib-testkit';
import { startServices, type Started } from './support/harness';
import { call } from './support/http';

const KEY = ['A', 'B'];
let s: Started;
let lessonId: string;

beforeAll(async () => {
  s = await startServices({ quiz: true });
  lessonId = await s.createLesson(KEY);
});
afterAll(async () => {
  await s?.stop();
});

it('when a learner has put an email address as their name, then the standings other learners read show no email', async () => {
  const [sly, reader] = await Promise.all([createLearner({ name: 'Lina lina.private@example.com' }), createLearner()]);
  expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: sly.token, body: { quizId: lessonId, answers: KEY } })).status).toBe(201);
  const standings = await call('GET', `${s.quizUrl}/standings/${lessonId}`, { token: reader.token });
  expect(standings.status).toBe(200);
  expect(standings.body).toHaveLength(1);
  expect(JSON.stringify(standings.body)).not.toMatch(/@|example\.com/);
  expect(JSON.stringify(standings.body)).not.toContain(sly.email);
});
