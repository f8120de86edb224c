// Families (issue 24): redemption.declined (a parent said no to a gift whose gems were held) → gems credits the
// debited cost back exactly once: ledger line kind refund (ref = redemptionId, keyed refund:<id>), the new balance
// announced (gems.balance.changed). Two gems instances on one queue and database, so duplicates race for real.
import { randomUUID } from 'node:crypto';
import { createEvent } from '@kidslearn/contracts';
import { tapEvents } from '../../quiz/test/support/event-tap';
import { eventually, redemptionEvent, scoredEvent, startServices, type Started } from '../../quiz/test/support/harness';

let s: Started;
let tap: Awaited<ReturnType<typeof tapEvents>>;

beforeAll(async () => {
  [s, tap] = await Promise.all([startServices({ gems: true }, { instances: 2 }), tapEvents('gems.balance.changed')]);
});
afterAll(async () => {
  await tap?.close();
  await s?.stop();
});

const email = () => `refund-${randomUUID().slice(0, 8)}@kidslearn.test`;
const balanceOf = async (who: string) => (await s.gemsDb!.collection('balances').findOne({ _id: who as never }))?.gems as number | undefined;
const linesOf = (who: string) => s.gemsDb!.collection('ledger').find({ email: who }).sort({ seq: 1 }).toArray();
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
const declined = (who: string, redemptionId: string, cost: number) => createEvent('redemption.declined', { redemptionId, email: who, cost });

/** A learner with `earned` gems, `cost` of them debited for a redemption. */
async function debited(earned: number, cost: number) {
  const who = email();
  await s.publish(scoredEvent(who, 'lesson-refund', earned));
  await eventually(async () => (await balanceOf(who)) === earned);
  const request = redemptionEvent(who, cost);
  await s.publish(request);
  await eventually(async () => (await balanceOf(who)) === earned - cost);
  return { who, redemptionId: request.data.redemptionId };
}

it('when a debited redemption is declined, then its cost comes back once, as a refund line, and the new balance is announced', async () => {
  const { who, redemptionId } = await debited(2, 2);
  await s.publish(declined(who, redemptionId, 2));
  await eventually(async () => (await balanceOf(who)) === 2);
  await eventually(async () => (await linesOf(who)).length === 3);
  const lines = await linesOf(who);
  expect(lines.map(({ kind, amount, balance }) => ({ kind, amount, balance }))).toEqual([
    { kind: 'credit', amount: 2, balance: 2 },
    { kind: 'debit', amount: -2, balance: 0 },
    { kind: 'refund', amount: 2, balance: 2 },
  ]);
  expect(lines[2]).toMatchObject({ _id: `refund:${redemptionId}`, ref: redemptionId });
  expect(lines.reduce((sum, line) => sum + (line.amount as number), 0)).toBe(2);
  await eventually(async () => tap.events.some((e) => (e.data as { email: string }).email === who && (e.data as { version: number }).version === 3));
  const announced = tap.events.filter((e, i) => (e.data as { email: string }).email === who && tap.events.findIndex((o) => o.id === e.id) === i);
  expect(announced.map((e) => e.data)).toEqual([
    { email: who, balance: 2, version: 1 },
    { email: who, balance: 0, version: 2 },
    { email: who, balance: 2, version: 3 },
  ]);
});

it('when the same decline is delivered again and again at once, and other events name the same redemption, then the gems come back exactly once', async () => {
  const { who, redemptionId } = await debited(2, 1);
  const event = declined(who, redemptionId, 1);
  await Promise.all([
    ...Array.from({ length: 6 }, () => s.publish(event)),
    ...Array.from({ length: 4 }, () => s.publish(declined(who, redemptionId, 1))),
  ]);
  await eventually(async () => (await balanceOf(who)) === 2);
  await settle();
  expect(await balanceOf(who)).toBe(2);
  expect((await linesOf(who)).map((line) => line.kind)).toEqual(['credit', 'debit', 'refund']);
  // Later, another event for it: its id was never consumed, the refund line alone answers.
  await s.publish(declined(who, redemptionId, 1));
  await settle();
  expect(await balanceOf(who)).toBe(2);
});

it('when a redemption that was refused (not enough gems) is declined, then nothing comes back and nothing is written', async () => {
  const who = email();
  await s.publish(scoredEvent(who, 'lesson-refund', 1));
  await eventually(async () => (await balanceOf(who)) === 1);
  const refused = redemptionEvent(who, 5);
  await s.publish(refused);
  await eventually(async () => (await linesOf(who)).some((line) => line.kind === 'debit-rejected'));
  await s.publish(declined(who, refused.data.redemptionId, 5));
  await settle();
  expect(await balanceOf(who)).toBe(1);
  expect((await linesOf(who)).map((line) => line.kind)).toEqual(['credit', 'debit-rejected']);
});

it('when a redemption gems never debited is declined, then nothing comes back and no balance is made for the email', async () => {
  const who = email();
  await s.publish(declined(who, randomUUID(), 3));
  await settle();
  expect(await balanceOf(who)).toBeUndefined();
  expect(await linesOf(who)).toEqual([]);
});

it("when a decline names another learner's redemption, then nobody gets gems", async () => {
  const { who, redemptionId } = await debited(2, 2);
  const claimant = (await debited(1, 1)).who;
  await s.publish(declined(claimant, redemptionId, 2));
  await settle();
  expect(await balanceOf(claimant)).toBe(0);
  expect(await balanceOf(who)).toBe(0);
  expect((await linesOf(claimant)).map((line) => line.kind)).toEqual(['credit', 'debit']);
});

it('when a decline that originated before the learner was erased arrives, then no balance comes back', async () => {
  const { who, redemptionId } = await debited(2, 2);
  const late = declined(who, redemptionId, 2);
  await s.publish(createEvent('learner.erased', { email: who, erasureId: randomUUID() }));
  await eventually(async () => (await balanceOf(who)) === undefined);
  await s.publish(late);
  await settle();
  expect(await balanceOf(who)).toBeUndefined();
  expect(await linesOf(who)).toEqual([]);
});
