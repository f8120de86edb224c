// Families (issue 24): GET /family/children/{linkId}/gems — a parent reads a linked child's balance and its
// history, newest first (a refund of a declined gift included); nobody else does. Links arrive as content publishes
// them (family.linked / family.unlinked).
import { randomUUID } from 'node:crypto';
import { createEvent, type ChildGems } from '@kidslearn/contracts';
import { createLearner, signIn, type TestUser, type TokenSource } from '@kidslearn/lib-testkit';
import { authorisationMatrix, createParent, deleteAccounts, getAs, linkedEvent, newLink, unlinkedEvent, type TestLink } from '../../quiz/test/support/family';
import { eventually, redemptionEvent, scoredEvent, startServices, type Started } from '../../quiz/test/support/harness';
import { call } from '../../quiz/test/support/http';

let s: Started;
let child: TestUser, parent: TestUser, otherParent: TestUser;
let admin: TokenSource;
let link: TestLink;
let debitedId: string;

const gemsOf = (linkId: string) => `${s.gemsUrl}/family/children/${linkId}/gems`;
const balanceOf = async (who: string) => (await s.gemsDb!.collection('balances').findOne({ _id: who as never }))?.gems as number | undefined;
const linkStored = (id: string, unlinked: boolean) => eventually(async () => (await s.gemsDb!.collection('family_links').findOne({ _id: id as never }))?.unlinked === unlinked);
/** Publishes and waits for the balance the event leads to: the lines are then in this order. */
const step = async (event: Parameters<Started['publish']>[0], balance: number) => {
  await s.publish(event);
  await eventually(async () => (await balanceOf(child.email)) === balance);
};

beforeAll(async () => {
  s = await startServices({ gems: true });
  [child, parent, otherParent, admin] = await Promise.all([createLearner(), createParent(), createParent(), signIn('admin@kidslearn.test', 'Admin1234')]);
  const debit = redemptionEvent(child.email, 1);
  debitedId = debit.data.redemptionId;
  await step(scoredEvent(child.email, 'lesson-a', 2), 2);
  await step(debit, 1);
  // A refused request (more than the balance) changed nothing: the parent does not see it.
  await s.publish(redemptionEvent(child.email, 50));
  await eventually(async () => Boolean(await s.gemsDb!.collection('ledger').findOne({ email: child.email, kind: 'debit-rejected' })));
  await step(createEvent('redemption.declined', { redemptionId: debitedId, email: child.email, cost: 1 }), 2);
  await step(createEvent('daily.review.completed', { reviewId: randomUUID(), email: child.email, day: '2026-03-03' }), 3);
  expect((await call('PATCH', `${s.gemsUrl}/gems/${child.email}/deduct`, { token: admin.token, body: { cost: 1 } })).status).toBe(200);
  link = newLink(child.email, parent.email);
  // The other parent has a child of their own.
  const theirs = newLink(`other-${randomUUID().slice(0, 8)}@kidslearn.test`, otherParent.email);
  await Promise.all([s.publish(linkedEvent(link)), s.publish(linkedEvent(theirs))]);
  await Promise.all([linkStored(link.linkId, false), linkStored(theirs.linkId, false)]);
});
afterAll(async () => {
  await s?.stop();
  await deleteAccounts([child, parent, otherParent]);
});

describe('GET /family/children/{linkId}/gems: who may read it', () => {
  it.each(authorisationMatrix(() => ({ learner: child, admin, otherParent, parent })))('when %s, then %i', async (_who, status, token) => {
    const reply = await getAs(gemsOf(link.linkId), token());
    expect(reply.status).toBe(status);
    if (status === 404) expect(reply.body.message).toBe('Child not found');
    if (status !== 200) expect(JSON.stringify(reply.body)).not.toContain(child.email);
  });

  it('when the parent names a link that does not exist or is not a link id, then 404 Child not found', async () => {
    for (const linkId of ['link-does-not-exist-0000', 'x']) {
      expect(await getAs(gemsOf(linkId), parent.token)).toMatchObject({ status: 404, body: { message: 'Child not found' } });
    }
  });
});

describe("GET /family/children/{linkId}/gems: the child's gems", () => {
  it('when the parent reads it, then the balance and every change are there, newest first: the refund of the declined gift included, the refused request and the admin left out', async () => {
    const reply = await getAs(gemsOf(link.linkId), parent.token);
    expect(reply.status).toBe(200);
    const body = reply.body as ChildGems;
    expect(body.balance).toBe(2);
    expect(body.lines.map(({ at: _at, ...line }) => line)).toEqual([
      { kind: 'adjustment', amount: -1 },
      { kind: 'review', amount: 1 },
      { kind: 'refund', amount: 1, redemptionId: debitedId },
      { kind: 'redemption', amount: -1, redemptionId: debitedId },
      { kind: 'quiz', amount: 2, lessonId: 'lesson-a' },
    ]);
    const times = body.lines.map((line) => Date.parse(line.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(JSON.stringify(body)).not.toContain('admin@');
    expect(body.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(body.balance);
  });

  it("when the child's balance changes after the parent read it, then the next read shows the change", async () => {
    const before = (await getAs(gemsOf(link.linkId), parent.token)).body as ChildGems;
    await step(scoredEvent(child.email, 'lesson-b', 1), 3);
    const after = (await getAs(gemsOf(link.linkId), parent.token)).body as ChildGems;
    expect(after.balance).toBe(3);
    expect(after.lines).toEqual([expect.objectContaining({ kind: 'quiz', amount: 1, lessonId: 'lesson-b' }), ...before.lines]);
  });

  it('when the parent withdraws consent (family.unlinked), then 404; an older family.linked arriving late does not bring it back', async () => {
    await s.publish(unlinkedEvent(link, 2));
    await linkStored(link.linkId, true);
    expect(await getAs(gemsOf(link.linkId), parent.token)).toMatchObject({ status: 404, body: { message: 'Child not found' } });
    await s.publish(linkedEvent(link, 1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await getAs(gemsOf(link.linkId), parent.token)).status).toBe(404);
  });

  it("when a linked child's data is erased (learner.erased), then the link goes with it: 404", async () => {
    const kid = `erased-${randomUUID().slice(0, 8)}@kidslearn.test`;
    const kidLink = newLink(kid, parent.email);
    await s.publish(linkedEvent(kidLink));
    await linkStored(kidLink.linkId, false);
    expect(await getAs(gemsOf(kidLink.linkId), parent.token)).toMatchObject({ status: 200, body: { balance: 0, lines: [] } });
    await s.publish(createEvent('learner.erased', { email: kid, erasureId: randomUUID() }));
    // A tombstone without the emails stays (a late family.linked of before the erasure cannot bring the link back).
    await eventually(async () => (await s.gemsDb!.collection('family_links').findOne({ _id: kidLink.linkId as never }))?.childEmail === '');
    expect(await s.gemsDb!.collection('family_links').findOne({ _id: kidLink.linkId as never })).toMatchObject({ unlinked: true, parentEmail: '' });
    expect((await getAs(gemsOf(kidLink.linkId), parent.token)).status).toBe(404);
  });
});
