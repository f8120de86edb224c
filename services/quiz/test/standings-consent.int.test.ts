// Families (issue 24), PARENT_CONSENT=required: the standings (GET /standings and a parent's view of a child's
// places) rank only learners a parent consented for (a current link); a consent given or withdrawn re-ranks as soon as its event is handled.
import type { ChildLearning, StandingRow } from '@kidslearn/contracts';
import { createLearner, type TestUser } from '@kidslearn/lib-testkit';
import { createParent, deleteAccounts, getAs, linkedEvent, newLink, unlinkedEvent, type TestLink } from './support/family';
import { eventually, startServices, type Started } from './support/harness';
import { call } from './support/http';

let s: Started;
let linked: TestUser, unlinked: TestUser, parent: TestUser, otherParent: TestUser;
let lesson: string;
let link: TestLink;

const standings = async (token: string) => (await call<StandingRow[]>('GET', `${s.quizUrl}/standings/${lesson}`, { token })).body;
const learning = async (child: TestLink, token: string) => (await getAs(`${s.quizUrl}/family/children/${child.linkId}/learning`, token)).body as ChildLearning;
const linkStored = (id: string, isUnlinked: boolean) => eventually(async () => (await s.quizDb!.collection('family_links').findOne({ _id: id as never }))?.unlinked === isUnlinked);

beforeAll(async () => {
  s = await startServices({ quiz: true }, { quizEnv: { PARENT_CONSENT: 'required', OUTCOME_TIMEOUT_MS: '0' } });
  [linked, unlinked, parent, otherParent] = await Promise.all([createLearner(), createLearner(), createParent(), createParent()]);
  lesson = await s.createLesson(['A', 'B']);
  // The learner without a parent is perfect first; the linked one scores 1 of 2 later.
  expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: unlinked.token, body: { quizId: lesson, answers: ['A', 'B'] } })).status).toBe(201);
  expect((await call('POST', `${s.quizUrl}/quiz-results`, { token: linked.token, body: { quizId: lesson, answers: ['A', null] } })).status).toBe(201);
  link = newLink(linked.email, parent.email);
  await s.publish(linkedEvent(link));
  await linkStored(link.linkId, false);
});
afterAll(async () => {
  await s?.stop();
  await deleteAccounts([linked, unlinked, parent, otherParent]);
});

it('when consent is required, then a learner without a consenting parent is left out of the standings and of the ranks a parent reads', async () => {
  const rows = await standings(unlinked.token);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ score: 1, total: 2 });
  expect((await learning(link, parent.token)).lessons).toEqual([expect.objectContaining({ lessonId: lesson, score: 1, rank: 1, learners: 1 })]);
});

it('when a parent consents for the other learner, then they are ranked once the event is handled (first: the better score)', async () => {
  const second = newLink(unlinked.email, otherParent.email);
  await s.publish(linkedEvent(second));
  await linkStored(second.linkId, false);
  // The link is stored before the cached standings are dropped (the same handler): wait for the handler's end.
  await eventually(async () => (await standings(linked.token)).length === 2);
  expect((await standings(linked.token)).map((row) => row.score)).toEqual([2, 1]);
  expect((await learning(link, parent.token)).lessons).toEqual([expect.objectContaining({ rank: 2, learners: 2 })]);
  expect((await learning(second, otherParent.token)).lessons).toEqual([expect.objectContaining({ rank: 1, learners: 2 })]);
});

it('when a parent withdraws consent, then the child leaves the standings once the event is handled', async () => {
  await s.publish(unlinkedEvent(link));
  await linkStored(link.linkId, true);
  await eventually(async () => (await standings(unlinked.token)).length === 1);
  expect((await standings(unlinked.token)).map((row) => row.score)).toEqual([2]);
});
