// lesson.deleted (content, an admin's delete): quiz no longer takes, ranks, reviews or practises the lesson, a
// late lesson.created of it is ignored, and what learners already earned stays. One instance: another instance's
// copy of the key would follow within a minute (answer-keys.ts).
import { createEvent } from '@kidslearn/contracts';
import { LogCapture, createLearner, eventually, type TestUser } from '@kidslearn/lib-testkit';
import { addDays, dayOf } from '../src/domain/review-schedule';
import { startServices, type Started } from './support/harness';
import { call } from './support/http';

const KEY = ['A', 'B'];
let s: Started;
const log = new LogCapture();
let who: TestUser;

beforeAll(async () => {
  [s, who] = await Promise.all([startServices({ quiz: true, gems: true }, { instances: 1, log }), createLearner()]);
});
afterAll(async () => {
  await s?.stop();
});

describe('lesson.deleted', () => {
  it('when a lesson is deleted, then its quiz, standings, review and practice answer 404, a late announcement is ignored, and the attempt stays', async () => {
    const lessonId = await s.createLesson(KEY, ['why A', 'why B']);
    expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: who.token, body: { quizId: lessonId, answers: ['A', 'A'] } })).status).toBe(201);
    expect((await call('GET', `${s.quizUrl}/quiz-results/${lessonId}/review`, { token: who.token })).status).toBe(200);

    await s.publish(createEvent('lesson.deleted', { lessonId }));
    await eventually(async () => (await call('GET', `${s.quizUrl}/standings/${lessonId}`, { token: who.token })).status === 404);
    const late = createEvent('lesson.created', { lessonId, lessonHeading: 'Back again?', answerKey: ['A', 'B'] });
    const again = createEvent('lesson.deleted', { lessonId });
    await s.publish(late);
    await s.publish(again);
    // quiz handled both (its log says so): what follows sees their effect, if any.
    await Promise.all([log.handled(late.id, { name: s.quizName }), log.handled(again.id, { name: s.quizName })]);

    expect(await call('POST', `${s.quizUrl}/quiz-results`, { token: who.token, body: { quizId: lessonId, answers: KEY } })).toMatchObject({ status: 404, body: { message: 'Lesson not found' } });
    expect((await call('GET', `${s.quizUrl}/standings/${lessonId}`, { token: who.token })).status).toBe(404);
    expect((await call('GET', `${s.quizUrl}/quiz-results/${lessonId}/review`, { token: who.token })).status).toBe(404);
    expect((await call('POST', `${s.quizUrl}/practice-results`, { token: who.token, body: { lessonId, answers: KEY } })).status).toBe(404);
    const attempt = await s.quizDb!.collection('attempts').findOne({ email: who.email, lessonId });
    expect(attempt).toMatchObject({ score: 1 });
    expect(await s.quizDb!.collection('answerKeys').findOne({ _id: lessonId as never })).toMatchObject({ lessonHeading: `Test ${lessonId}`, deletedAt: expect.any(Date) });
    const nextDay = `${addDays(dayOf(attempt!.createdAt as Date), 1)}T10:00:00Z`;
    expect((await call('GET', `${s.quizUrl}/daily-review`, { token: who.token, headers: { 'X-Test-Now': nextDay } })).body.items).toEqual([]);
  });

  it('when a lesson is deleted before its key arrives, then the key that comes later is never taken', async () => {
    const lessonId = `lesson-early-${Date.now()}`;
    await s.publish(createEvent('lesson.deleted', { lessonId }));
    await eventually(async () => Boolean(await s.quizDb!.collection('answerKeys').findOne({ _id: lessonId as never })));
    const late = createEvent('lesson.created', { lessonId, lessonHeading: 'Late', answerKey: KEY as ('A' | 'B')[] });
    await s.publish(late);
    await log.handled(late.id, { name: s.quizName });
    expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: who.token, body: { quizId: lessonId, answers: KEY } })).status).toBe(404);
  });
});
