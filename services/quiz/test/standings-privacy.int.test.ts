import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { createEvent } from '@kidslearn/lib-events';
import { createLearner, env } from '@kidslearn/lib-testkit';
import { eventually, startServices, type Started } from './support/harness';
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

it('when a submission does not improve the learner\'s best, then the cached standings are kept (not cleared by every submission); an improvement clears them', async () => {
  const learner = await createLearner();
  const submit = (answers: (string | null)[]) => call('POST', `${s.quizUrl}/quiz-results`, { token: learner.token, body: { quizId: lessonId, answers } });
  const redis = new Redis(env().REDIS_URL);
  try {
    const cached = async () => (await redis.keys(`*:standings:${lessonId}`)).length;
    expect((await submit(['A', null])).status).toBe(201);
    await call('GET', `${s.quizUrl}/standings/${lessonId}`, { token: learner.token });
    expect(await cached()).toBe(1);
    expect((await submit([null, null])).status).toBe(201); // worse: the standings do not change
    expect(await cached()).toBe(1);
    expect((await submit(KEY)).status).toBe(201); // better: the learner's row changes
    expect(await cached()).toBe(0);
  } finally {
    redis.disconnect();
  }
});

it('when a learner submits with a name claim edited away from their user record, then the standings show the record\'s name (content\'s user.profile.changed)', async () => {
  const learner = await createLearner({ name: 'Edited Claim' });
  await s.publish(createEvent('user.profile.changed', { email: learner.email, name: 'Record Name' }));
  await eventually(async () => Boolean(await s.quizDb?.collection('displayNames').findOne({ _id: learner.email as never })));
  const lesson = await s.createLesson(KEY);
  expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: learner.token, body: { quizId: lesson, answers: KEY } })).status).toBe(201);
  const standings = await call('GET', `${s.quizUrl}/standings/${lesson}`, { token: learner.token });
  expect(standings.body).toEqual([expect.objectContaining({ userInfo: { name: 'Record N.' } })]);
});

it('when a ranked learner\'s record name changes after the standings were cached, then the next read shows the new name', async () => {
  const learner = await createLearner({ name: 'First Name' });
  const lesson = await s.createLesson(KEY);
  expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: learner.token, body: { quizId: lesson, answers: KEY } })).status).toBe(201);
  // Read once: the standings are cached now (for STANDINGS_CACHE_SECONDS, 30 s).
  expect((await call('GET', `${s.quizUrl}/standings/${lesson}`, { token: learner.token })).body).toEqual([expect.objectContaining({ userInfo: { name: 'First N.' } })]);
  await s.publish(createEvent('user.profile.changed', { email: learner.email, name: 'Changed Name' }));
  await eventually(async () => {
    const standings = await call('GET', `${s.quizUrl}/standings/${lesson}`, { token: learner.token });
    return JSON.stringify(standings.body).includes('Changed N.');
  });
});

it('when other learners read the standings, then a row shows a first name and an initial, and its id cannot be matched to the email by hashing; the learner finds their own row id in their results', async () => {
  const [rita, reader] = await Promise.all([createLearner({ name: 'Rita Maria Reader' }), createLearner()]);
  const lesson = await s.createLesson(KEY);
  expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: rita.token, body: { quizId: lesson, answers: KEY } })).status).toBe(201);

  const standings = await call('GET', `${s.quizUrl}/standings/${lesson}`, { token: reader.token });
  const [row] = standings.body as { _id: string; userInfo: { name: string } }[];
  expect(row?.userInfo).toEqual({ name: 'Rita R.' });
  const unsalted = createHash('sha256').update(`${lesson}\n${rita.email}`).digest('hex');
  expect(unsalted.startsWith(row?._id ?? '')).toBe(false);
  expect(JSON.stringify(standings.body)).not.toContain('Maria');
  expect(JSON.stringify(standings.body)).not.toContain('Reader');

  const mine = await call('GET', `${s.quizUrl}/quiz-results/mine`, { token: rita.token });
  expect(mine.body).toEqual([expect.objectContaining({ lessonId: lesson, standingId: row?._id })]);
});
