import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { createLogger } from '@kidslearn/lib-core';
import { createLearner, signIn, uniqueDbUrl, type TokenSource } from '@kidslearn/lib-testkit';
import { buildService as buildQuiz, readConfig as readQuizConfig } from '../../quiz/src';
import { demoLessons } from '../src/seed/demo-lessons';
import { cleanupTestInstance } from './support/cleanup';
import { bearer, eventually, startContent, type TestService } from './support/service';

// Quiz keeps the answer keys it receives as lesson.created. A quiz database that is fresh while
// content's is not (quiz redeployed with an empty database) must still learn every key: content
// re-announces every lesson at start-up, and quiz asks for that at its own start-up.

// Jest ignores testTimeout in a project's config (it is a global option), so each file sets its own.
jest.setTimeout(60_000);

const lesson = () => ({
  lessonHeading: `Keys lesson ${randomBytes(3).toString('hex')}`,
  parts: [{ name: 'Watch', link: 'https://www.youtube.com/watch?v=abcdefghijk' }],
  quiz: [
    { question: '2 + 2?', optionA: '3', optionB: '4', optionC: '5', optionD: '6', correctAnswer: 'B' },
    { question: '3 + 3?', optionA: '6', optionB: '7', optionC: '8', optionD: '9', correctAnswer: 'A' },
  ],
});

async function startQuiz(requestLessons: boolean) {
  const serviceName = `quiz-keys-test-${randomBytes(4).toString('hex')}`;
  const mongoUrl = uniqueDbUrl('quiz');
  const config = readQuizConfig({
    ...process.env,
    SERVICE_NAME: serviceName,
    MONGO_URL: mongoUrl,
    PORT: '0',
    OUTCOME_TIMEOUT_MS: '0',
    REQUEST_LESSONS_ON_START: String(requestLessons),
  });
  const quiz = await buildQuiz(config, createLogger(serviceName, process.env.CONTENT_TEST_LOG ?? 'silent'));
  const url = await quiz.start();
  const db = await mongoose.createConnection(mongoUrl).asPromise();
  const keys = db.collection<{ _id: string; answerKey: string[] }>('answerKeys');
  return {
    url,
    answerKeyOf: async (lessonId: string) => (await keys.findOne({ _id: lessonId }))?.answerKey,
    async stop() {
      await quiz.stop();
      await db.close();
      await cleanupTestInstance(serviceName, mongoUrl).catch(() => undefined);
    },
  };
}

describe('answer keys reach a quiz with a fresh database (integration)', () => {
  const contents = new Set<TestService>();
  const contentDbs: string[] = [];
  const quizzes: Awaited<ReturnType<typeof startQuiz>>[] = [];
  let admin: TokenSource;

  beforeAll(async () => {
    admin = await signIn('admin@kidslearn.test', 'Admin1234');
  });
  afterAll(async () => {
    for (const quiz of quizzes) await quiz.stop();
    for (const content of contents) await content.stop();
    for (const url of contentDbs) {
      const db = await mongoose.createConnection(url).asPromise();
      await db.dropDatabase().finally(() => db.close());
    }
  });

  /** Content on a database handed in (so a restart finds it again; dropped at the end). */
  const startOwnContent = async (mongoUrl: string) => {
    const content = await startContent({ MONGO_URL: mongoUrl });
    contents.add(content);
    return content;
  };
  const stopContent = async (content: TestService) => {
    contents.delete(content);
    await content.stop();
  };
  /** Each test's own content database with a lesson only it holds, created before any quiz of the test existed. */
  const contentWithLesson = async () => {
    const mongoUrl = uniqueDbUrl('content');
    contentDbs.push(mongoUrl);
    const content = await startOwnContent(mongoUrl);
    const lessonId = (await content.http().post('/lessons').set(bearer(admin.token)).send(lesson()).expect(201)).body._id as string;
    return { content, mongoUrl, lessonId };
  };
  const startedQuiz = async (requestLessons: boolean) => {
    const quiz = await startQuiz(requestLessons);
    quizzes.push(quiz);
    return quiz;
  };

  it('when content restarts on its existing database, then a quiz started with an empty database learns every answer key', async () => {
    const { content, mongoUrl, lessonId } = await contentWithLesson();
    const quiz = await startedQuiz(false); // content's start-up alone must be enough
    expect(await quiz.answerKeyOf(lessonId)).toBeUndefined(); // published before this quiz's queue existed

    await stopContent(content);
    await startOwnContent(mongoUrl);

    expect(await eventually(() => quiz.answerKeyOf(lessonId), (key) => key !== undefined)).toEqual(['B', 'A']);
    for (const demo of demoLessons) {
      expect(await eventually(() => quiz.answerKeyOf(demo._id), (key) => key !== undefined)).toEqual(demo.quiz.map((q) => q.correctAnswer));
    }

    // The key is really used: the correct answers score full marks on the server.
    const learner = await createLearner();
    const res = await fetch(`${quiz.url}/quiz-results`, {
      method: 'POST',
      headers: { ...bearer(learner.token), 'content-type': 'application/json' },
      body: JSON.stringify({ quizId: lessonId, answers: ['B', 'A'] }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ score: 2, total: 2, reward: 2 });
  });

  it('when a quiz starts with an empty database while content keeps running, then it asks and learns every answer key', async () => {
    const { lessonId } = await contentWithLesson();
    const quiz = await startedQuiz(true);
    expect(await eventually(() => quiz.answerKeyOf(lessonId), (key) => key !== undefined)).toEqual(['B', 'A']);
  });
});
