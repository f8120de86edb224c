// Families (issue 24): GET /family/children/{linkId}/learning — a parent reads a linked child's best result per
// lesson and place in its standings; nobody else does. Links arrive as content publishes them (family.linked /
// family.unlinked); PARENT_CONSENT is optional here (every learner ranked, as before families).
import type { ChildLearning } from '@kidslearn/contracts';
import { createEvent } from '@kidslearn/contracts';
import { createLearner, signIn, type TestUser, type TokenSource } from '@kidslearn/lib-testkit';
import { authorisationMatrix, createParent, deleteAccounts, getAs, linkedEvent, newLink, unlinkedEvent, type TestLink } from './support/family';
import { eventually, startServices, type Started } from './support/harness';
import { call } from './support/http';

let s: Started;
let child: TestUser, rival: TestUser, low: TestUser, late: TestUser, sibling: TestUser;
let parent: TestUser, otherParent: TestUser;
let admin: TokenSource;
let lessonA: string, lessonB: string;
let link: TestLink, otherLink: TestLink;

const learningOf = (linkId: string) => `${s.quizUrl}/family/children/${linkId}/learning`;
const submit = (who: TestUser, quizId: string, answers: (string | null)[]) => call('POST', `${s.quizUrl}/quiz-results`, { token: who.token, body: { quizId, answers } });
const linkStored = (id: string, unlinked: boolean) => eventually(async () => (await s.quizDb!.collection('family_links').findOne({ _id: id as never }))?.unlinked === unlinked);

beforeAll(async () => {
  // Gems is not started: quiz answers a submission without waiting for its credit.
  s = await startServices({ quiz: true }, { quizEnv: { OUTCOME_TIMEOUT_MS: '0' } });
  [child, rival, low, late, sibling, parent, otherParent, admin] = await Promise.all([
    createLearner(),
    createLearner(),
    createLearner(),
    createLearner(),
    createLearner(),
    createParent(),
    createParent(),
    signIn('admin@kidslearn.test', 'Admin1234'),
  ]);
  [lessonA, lessonB] = await Promise.all([s.createLesson(['A', 'B']), s.createLesson(['A', 'B', 'C'])]);
  // Lesson A: the rival is perfect first, the child ties later (ties go to who got there first), low scores 0.
  expect((await submit(rival, lessonA, ['A', 'B'])).status).toBe(201);
  expect((await submit(child, lessonA, ['A', 'B'])).status).toBe(201);
  expect((await submit(low, lessonA, [null, null])).status).toBe(201);
  // Lesson B, later: the child alone, 2 of 3.
  expect((await submit(child, lessonB, ['A', 'B', null])).status).toBe(201);
  link = newLink(child.email, parent.email);
  otherLink = newLink(sibling.email, otherParent.email);
  await Promise.all([s.publish(linkedEvent(link)), s.publish(linkedEvent(otherLink))]);
  await Promise.all([linkStored(link.linkId, false), linkStored(otherLink.linkId, false)]);
});
afterAll(async () => {
  await s?.stop();
  await deleteAccounts([child, rival, low, late, sibling, parent, otherParent]);
});

describe('GET /family/children/{linkId}/learning: who may read it', () => {
  it.each(authorisationMatrix(() => ({ learner: child, admin, otherParent, parent })))('when %s, then %i', async (_who, status, token) => {
    const reply = await getAs(learningOf(link.linkId), token());
    expect(reply.status).toBe(status);
    if (status === 404) expect(reply.body.message).toBe('Child not found');
    if (status !== 200) expect(JSON.stringify(reply.body)).not.toContain(child.email);
  });

  it('when the parent names a link that does not exist or is not a link id, then 404 Child not found', async () => {
    for (const linkId of ['link-does-not-exist-0000', 'x', '%24where']) {
      expect(await getAs(learningOf(linkId), parent.token)).toMatchObject({ status: 404, body: { message: 'Child not found' } });
    }
  });
});

describe("GET /family/children/{linkId}/learning: the child's lessons", () => {
  it("when the parent reads it, then each lesson the child took shows its heading, the child's best, its date and the child's place among every learner ranked, newest first", async () => {
    const reply = await getAs(learningOf(link.linkId), parent.token);
    expect(reply.status).toBe(200);
    const body = reply.body as ChildLearning;
    expect(body.lessons).toEqual([
      { lessonId: lessonB, lessonHeading: `Test ${lessonB}`, score: 2, total: 3, attemptedAt: expect.any(String), rank: 1, learners: 1 },
      { lessonId: lessonA, lessonHeading: `Test ${lessonA}`, score: 2, total: 2, attemptedAt: expect.any(String), rank: 2, learners: 3 },
    ]);
    expect(Date.parse(body.lessons[0]!.attemptedAt)).toBeGreaterThanOrEqual(Date.parse(body.lessons[1]!.attemptedAt));
    // Nobody else's email or name reaches the parent.
    for (const other of [rival, low]) expect(JSON.stringify(body)).not.toContain(other.email);
  });

  it('when another learner beats the child and the child improves, then the next read shows both (nothing stale is kept)', async () => {
    await getAs(learningOf(link.linkId), parent.token); // cached rankings, to be dropped
    expect((await submit(late, lessonB, ['A', 'B', 'C'])).status).toBe(201);
    expect((await submit(child, lessonA, ['A', null])).status).toBe(201); // worse: changes nothing
    const rowB = async () => ((await getAs(learningOf(link.linkId), parent.token)).body as ChildLearning).lessons.find((row) => row.lessonId === lessonB);
    expect(await rowB()).toMatchObject({ score: 2, total: 3, rank: 2, learners: 2 });
    expect((await submit(child, lessonB, ['A', 'B', 'C'])).status).toBe(201); // a tie with late, reached later
    expect(await rowB()).toMatchObject({ score: 3, total: 3, rank: 2, learners: 2 });
  });

  it('when a child has taken no quiz, then the parent sees no lessons', async () => {
    expect(await getAs(learningOf(otherLink.linkId), otherParent.token)).toMatchObject({ status: 200, body: { lessons: [] } });
  });

  it('when consent is optional, then the standings still rank learners without a parent (as before families)', async () => {
    const standings = await call('GET', `${s.quizUrl}/standings/${lessonA}`, { token: rival.token });
    expect(standings.body).toHaveLength(3);
  });

  it('when a lesson is deleted, then it leaves the parent\'s view (no longer taken or ranked)', async () => {
    const lessonC = await s.createLesson(['A']);
    expect((await submit(child, lessonC, ['A'])).status).toBe(201);
    const lessons = async () => ((await getAs(learningOf(link.linkId), parent.token)).body as ChildLearning).lessons.map((row) => row.lessonId);
    expect(await lessons()).toContain(lessonC);
    await s.publish(createEvent('lesson.deleted', { lessonId: lessonC }));
    await eventually(async () => !(await lessons()).includes(lessonC), 70_000, 500); // every instance's memory of the key lasts a minute at most
  }, 90_000);
});

it('when the OpenAPI document is read, then it describes the route', async () => {
  const paths = (await call('GET', `${s.quizUrl}/openapi.json`)).body.paths as Record<string, unknown>;
  expect(paths['/family/children/{linkId}/learning']).toBeDefined();
});

describe('links that end', () => {
  it('when the parent withdraws consent (family.unlinked), then 404; a late or repeated family.linked of an older version does not bring it back', async () => {
    await s.publish(unlinkedEvent(link, 2));
    await linkStored(link.linkId, true);
    expect(await getAs(learningOf(link.linkId), parent.token)).toMatchObject({ status: 404, body: { message: 'Child not found' } });
    await s.publish(linkedEvent(link, 1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await getAs(learningOf(link.linkId), parent.token)).status).toBe(404);
  });

  it("when a linked child's data is erased (learner.erased), then the parent's link goes with it: 404", async () => {
    await s.publish(createEvent('learner.erased', { email: sibling.email, erasureId: `erasure-${sibling.id}` }));
    // A tombstone without the emails stays (a late family.linked of before the erasure cannot bring the link back).
    await eventually(async () => (await s.quizDb!.collection('family_links').findOne({ _id: otherLink.linkId as never }))?.childEmail === '');
    expect(await s.quizDb!.collection('family_links').findOne({ _id: otherLink.linkId as never })).toMatchObject({ unlinked: true, parentEmail: '' });
    expect((await getAs(learningOf(otherLink.linkId), otherParent.token)).status).toBe(404);
  });
});
