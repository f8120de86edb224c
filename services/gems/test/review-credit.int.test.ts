// Issue 21: daily.review.completed credits DAILY_REVIEW_GEMS once per review, with the guarantees of quiz credits:
// a redelivered event, a storm of copies and other events for the same review change nothing; the new balance is
// announced (gems.balance.changed) through the outbox; the line shows in the learner's ledger.
import { randomUUID } from 'node:crypto';
import { createEvent } from '@kidslearn/contracts';
import { eventually } from '@kidslearn/lib-testkit';
import { tapEvents } from '../../quiz/test/support/event-tap';
import { scoredEvent, startServices, type Started } from '../../quiz/test/support/harness';

let s: Started;
let tap: Awaited<ReturnType<typeof tapEvents>>;

beforeAll(async () => {
  [s, tap] = await Promise.all([startServices({ gems: true }), tapEvents('gems.balance.changed')]);
});
afterAll(async () => {
  await tap?.close();
  await s?.stop();
});

const email = () => `review-${randomUUID().slice(0, 8)}@kidslearn.test`;
const balanceOf = async (who: string) => ((await s.gemsDb!.collection('balances').findOne({ _id: who as never }))?.gems as number | undefined) ?? 0;
const linesOf = (who: string) => s.gemsDb!.collection('ledger').find({ email: who }).toArray();
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('daily.review.completed → gems', () => {
  it('when a review is completed, then one gem is credited, a ledger line of kind review keyed by the review is written and the balance is announced', async () => {
    const who = email();
    const event = createEvent('daily.review.completed', { reviewId: randomUUID(), email: who, day: '2026-03-03' });
    await s.publish(event);
    await eventually(async () => (await balanceOf(who)) === 1);
    await eventually(async () => (await linesOf(who)).length === 1);
    expect(await linesOf(who)).toEqual([expect.objectContaining({ _id: `review:${event.data.reviewId}`, kind: 'review', ref: event.data.reviewId, amount: 1, balance: 1 })]);
    await eventually(() => tap.events.some((e) => (e.data as { email: string }).email === who));
    expect(tap.events.filter((e) => (e.data as { email: string }).email === who).map((e) => e.data)).toEqual([{ email: who, balance: 1, version: 1 }]);
  });

  it('when the same event arrives many times at once, and other events name the same review, then the gem is credited exactly once', async () => {
    const who = email();
    const data = { reviewId: randomUUID(), email: who, day: '2026-03-03' };
    const event = createEvent('daily.review.completed', data);
    await Promise.all([...Array.from({ length: 6 }, () => s.publish(event)), ...Array.from({ length: 3 }, () => s.publish(createEvent('daily.review.completed', data)))]);
    await eventually(async () => (await balanceOf(who)) === 1);
    await settle();
    expect(await balanceOf(who)).toBe(1);
    expect((await linesOf(who)).map((line) => line.kind)).toEqual(['review']);
  });

  it("when a learner's reviews of two days and a quiz reward arrive, then each counts once and the ledger adds up", async () => {
    const who = email();
    await s.publish(createEvent('daily.review.completed', { reviewId: randomUUID(), email: who, day: '2026-03-03' }));
    await s.publish(scoredEvent(who, 'lesson-r', 2));
    await s.publish(createEvent('daily.review.completed', { reviewId: randomUUID(), email: who, day: '2026-03-04' }));
    await eventually(async () => (await balanceOf(who)) === 4);
    await settle();
    const lines = await linesOf(who);
    expect(lines.map((line) => line.kind).sort()).toEqual(['credit', 'review', 'review']);
    expect(lines.reduce((sum, line) => sum + (line.amount as number), 0)).toBe(await balanceOf(who));
  });
});
