import { createLearner, signIn, type TokenSource } from '@kidslearn/lib-testkit';
import { demoLessons } from '../src/seed/demo-lessons';
import { createEvent } from '@kidslearn/lib-events';
import { observeEvents, publishEvent } from './support/rabbit';
import { bearer, eventually, startContent, type TestService } from './support/service';

const newLesson = () => ({
  lessonHeading: `Counting by 3s ${Date.now()}`,
  parts: [
    { name: 'Skip counting', link: 'https://www.youtube.com/watch?v=abcdefghijk' },
    { name: 'Practice', link: 'https://youtu.be/abcdefghijk' },
  ],
  quiz: [
    { question: '3 + 3?', optionA: '6', optionB: '7', optionC: '8', optionD: '9', correctAnswer: 'A' },
    { question: '9 + 3?', optionA: '11', optionB: '13', optionC: '12', optionD: '10', correctAnswer: 'C' },
  ],
});

describe('lessons (integration)', () => {
  let svc: TestService;
  // Read at each use: the sources fetch the next token before the current one expires.
  let admin: TokenSource;
  let learner: TokenSource;

  beforeAll(async () => {
    svc = await startContent();
    [admin, learner] = await Promise.all([signIn('admin@kidslearn.test', 'Admin1234'), createLearner()]);
  });
  afterAll(() => svc.stop());

  it('when the demo data is seeded, then at least 6 lessons with 2-4 parts and 5 questions are listed', async () => {
    const res = await svc.http().get('/lessons').expect(200);
    // Only the seeded ones: other tests here add lessons of their own to the same service.
    const seeded = (res.body as { _id: string; parts: unknown[]; quiz: unknown[] }[]).filter((lesson) => demoLessons.some((demo) => demo._id === lesson._id));
    expect(seeded.map((lesson) => lesson._id).sort()).toEqual(demoLessons.map((demo) => demo._id).sort());
    expect(seeded.length).toBeGreaterThanOrEqual(6);
    for (const lesson of seeded) {
      expect(lesson.parts.length).toBeGreaterThanOrEqual(2);
      expect(lesson.parts.length).toBeLessThanOrEqual(4);
      expect(lesson.quiz).toHaveLength(5);
    }
  });

  it('when a visitor or a learner reads lessons, then no correctAnswer is sent', async () => {
    const visitor = await svc.http().get('/lessons').expect(200);
    const asLearner = await svc.http().get('/lessons').set(bearer(learner.token)).expect(200);
    expect(JSON.stringify(visitor.body)).not.toContain('correctAnswer');
    expect(JSON.stringify(asLearner.body)).not.toContain('correctAnswer');
    expect(asLearner.body[0].quiz[0]).toEqual(expect.objectContaining({ question: expect.any(String), optionA: expect.any(String) }));
  });

  it('when a visitor reads lessons, then a shared cache may keep them briefly; a signed-in answer is never stored', async () => {
    const visitor = await svc.http().get('/lessons').expect(200);
    const asAdmin = await svc.http().get('/lessons').set(bearer(admin.token)).expect(200);
    expect(visitor.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect(visitor.headers.vary).toContain('Authorization');
  });

  it('when an admin reads lessons, then the full quiz with correct answers is sent', async () => {
    const res = await svc.http().get('/lessons').set(bearer(admin.token)).expect(200);
    const seeded = res.body.find((l: { _id: string }) => l._id === demoLessons[0]!._id);
    expect(seeded.quiz.map((q: { correctAnswer: string }) => q.correctAnswer)).toEqual(demoLessons[0]!.quiz.map((q) => q.correctAnswer));
  });

  it('when a forged token reads lessons, then it is treated as a visitor', async () => {
    const res = await svc.http().get('/lessons').set(bearer('not.a.token')).expect(200);
    expect(JSON.stringify(res.body)).not.toContain('correctAnswer');
  });

  it('when an admin creates a lesson, then it is listed at once and lesson.created with the answer key is published', async () => {
    const events = await observeEvents(['lesson.created']);
    try {
      await svc.http().get('/lessons').expect(200); // warm the cache
      const lesson = newLesson();
      const res = await svc.http().post('/lessons').set(bearer(admin.token)).send(lesson).expect(201);
      expect(res.body).toMatchObject({ _id: expect.any(String), lessonHeading: lesson.lessonHeading, parts: lesson.parts });

      const event = await events.waitFor((e) => (e.data as { lessonId: string }).lessonId === res.body._id);
      expect(event).toMatchObject({ type: 'lesson.created', version: 1, data: { lessonHeading: lesson.lessonHeading, answerKey: ['A', 'C'] } });

      const list = await svc.http().get('/lessons').expect(200);
      expect(list.body.map((l: { _id: string }) => l._id)).toContain(res.body._id);
    } finally {
      await events.close();
    }
  });

  it('when the seeded lessons are new, then lesson.created is published for each of them', async () => {
    const events = await observeEvents(['lesson.created']);
    const fresh = await startContent();
    try {
      for (const lesson of demoLessons) {
        const event = await events.waitFor((e) => (e.data as { lessonId: string }).lessonId === lesson._id);
        expect((event.data as { answerKey: string[] }).answerKey).toEqual(lesson.quiz.map((q) => q.correctAnswer));
      }
    } finally {
      await fresh.stop();
      await events.close();
    }
  });

  it('when the demo data is seeded again on the same database, then nothing is added and every lesson is re-announced with its answer key', async () => {
    const counts = async (s: TestService) => {
      const [lessons, reviews, avatars] = await Promise.all(['/lessons', '/review', '/avaters'].map((p) => s.http().get(p)));
      return [lessons!.body.length, reviews!.body.length, avatars!.body.length];
    };
    const before = await counts(svc);
    const events = await observeEvents(['lesson.created']);
    const again = await startContent({ MONGO_URL: svc.config.MONGO_URL, SEED_DEMO_DATA: 'true' });
    try {
      expect(await counts(again)).toEqual(before);
      // Re-announced at start-up (quiz applies it idempotently), so a fresh quiz database learns every key.
      for (const lesson of demoLessons) {
        const event = await events.waitFor((e) => (e.data as { lessonId: string }).lessonId === lesson._id);
        expect((event.data as { answerKey: string[] }).answerKey).toEqual(lesson.quiz.map((q) => q.correctAnswer));
      }
    } finally {
      await again.stop();
      await events.close();
    }
  });

  it('when lesson.announcement.requested arrives, then lesson.created is published again for the lessons', async () => {
    const events = await observeEvents(['lesson.created']);
    try {
      const created = await svc.http().post('/lessons').set(bearer(admin.token)).send(newLesson()).expect(201);
      const isOurs = (e: { data: unknown }) => (e.data as { lessonId: string }).lessonId === created.body._id;
      await events.waitFor(isOurs); // its own event, from the outbox
      await publishEvent(createEvent('lesson.announcement.requested', { service: 'quiz-test' }));
      await eventually(async () => events.seen.filter(isOurs).length, (n) => n >= 2);
      expect(events.seen.filter(isOurs).length).toBeGreaterThanOrEqual(2);
      expect(events.seen.filter(isOurs).every((e) => JSON.stringify((e.data as { answerKey: string[] }).answerKey) === '["A","C"]')).toBe(true);
    } finally {
      await events.close();
    }
  });

  it.each([
    ['an empty body', {}],
    ['no parts', { ...newLesson(), parts: [] }],
    ['no questions', { ...newLesson(), quiz: [] }],
    ['a link that is not a URL', { ...newLesson(), parts: [{ name: 'x', link: 'ftp://x.test/a' }] }],
    ['a correct answer E', { ...newLesson(), quiz: [{ ...newLesson().quiz[0], correctAnswer: 'E' }] }],
    ['a missing option', { ...newLesson(), quiz: [{ ...newLesson().quiz[0], optionD: undefined }] }],
    ['an operator object as heading', { ...newLesson(), lessonHeading: { $gt: '' } }],
    ['a heading of the wrong type', { ...newLesson(), lessonHeading: 42 }],
    ['parts that are not a list', { ...newLesson(), parts: 'many' }],
    ['an oversize heading', { ...newLesson(), lessonHeading: 'x'.repeat(201) }],
  ])('when an admin sends %s, then 400 with a message and no lesson is added', async (_case, body) => {
    const before = (await svc.http().get('/lessons').expect(200)).body.length;
    const res = await svc.http().post('/lessons').set(bearer(admin.token)).send(body).expect(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await svc.http().get('/lessons').expect(200)).body).toHaveLength(before);
  });

  describe('deleting a lesson', () => {
    const ids = async () => ((await svc.http().get('/lessons').expect(200)).body as { _id: string }[]).map((lesson) => lesson._id);

    it('when an admin deletes a lesson, then it is no longer listed nor announced, lesson.deleted is published once, and a second delete is 404', async () => {
      const events = await observeEvents(['lesson.deleted', 'lesson.created']);
      try {
        const created = await svc.http().post('/lessons').set(bearer(admin.token)).send(newLesson()).expect(201);
        const lessonId = created.body._id as string;
        await events.waitFor((e) => e.type === 'lesson.created' && (e.data as { lessonId: string }).lessonId === lessonId);
        expect(await ids()).toContain(lessonId); // cached list, dropped by the delete

        await svc.http().delete(`/lessons/${lessonId}`).set(bearer(admin.token)).expect(204);
        expect(await ids()).not.toContain(lessonId);
        expect(await events.waitFor((e) => e.type === 'lesson.deleted')).toMatchObject({ type: 'lesson.deleted', data: { lessonId } });
        const again = await svc.http().delete(`/lessons/${lessonId}`).set(bearer(admin.token)).expect(404);
        expect(again.body.message).toBe('Lesson not found');

        // Asked to announce every lesson, content leaves the deleted one out.
        await publishEvent(createEvent('lesson.announcement.requested', { service: 'quiz-test' }));
        const deletedAt = events.seen.findIndex((e) => e.type === 'lesson.deleted');
        // The announcement has gone out once a demo lesson is announced after the delete.
        await events.waitFor((e) => e.type === 'lesson.created' && (e.data as { lessonId: string }).lessonId === demoLessons[0]!._id && events.seen.indexOf(e) > deletedAt);
        expect(events.seen.filter((e) => e.type === 'lesson.created' && (e.data as { lessonId: string }).lessonId === lessonId)).toHaveLength(1);
        expect(events.seen.filter((e) => e.type === 'lesson.deleted')).toHaveLength(1);
      } finally {
        await events.close();
      }
    });

    it('when a learner or a visitor deletes a lesson, or an unknown id is given, then nothing is deleted (403, 401, 404)', async () => {
      const created = await svc.http().post('/lessons').set(bearer(admin.token)).send(newLesson()).expect(201);
      const lessonId = created.body._id as string;
      await svc.http().delete(`/lessons/${lessonId}`).set(bearer(learner.token)).expect(403);
      await svc.http().delete(`/lessons/${lessonId}`).expect(401);
      for (const unknown of ['0123456789abcdef01234567', 'not-an-id', '%24where']) {
        expect((await svc.http().delete(`/lessons/${unknown}`).set(bearer(admin.token)).expect(404)).body.message).toBe('Lesson not found');
      }
      expect(await ids()).toContain(lessonId);
    });
  });

  it('when the body is not JSON, then 400', async () => {
    await svc.http().post('/lessons').set(bearer(admin.token)).set('content-type', 'application/json').send('{oops').expect(400);
  });
});
