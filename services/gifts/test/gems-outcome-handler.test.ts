import { createEvent } from '@kidslearn/lib-events';
import { giftsHandlers } from '../src/entry-points/messaging/handlers';
import { statusAfterDebit } from '../src/domain/family';
import type { GemsOutcome, RecordOutcome } from '../src/domain/ports';
import type { Redemption } from '../src/domain/redemption';
import { FakeMonthlySpend } from './fakes';

const stored = (id: string, more: Partial<Redemption> = {}): Redemption => ({
  id,
  email: 'kid@x.test',
  giftId: 'stickers',
  giftName: 'Sticker Pack',
  giftImg: '/s.svg',
  cost: 5,
  status: 'requested',
  deliveryStatus: false,
  createdAt: new Date('2025-03-04T00:00:00Z'),
  spendMonth: '2025-03',
  ...more,
});

/** Plays the database: a debit goes to the parent when the stored request says they approve (data-access/redemption-outcomes.ts). */
function deps(parentApproves = false) {
  const spend = new FakeMonthlySpend();
  const recordOutcome: RecordOutcome = async (_eventId, id, outcome) =>
    stored(id, { status: outcome.status === 'rejected' ? 'rejected' : statusAfterDebit(parentApproves), balance: outcome.balance });
  return {
    recordOutcome,
    outcomes: { announce: jest.fn(async () => undefined) },
    spend,
    erasures: { record: async () => undefined },
    learnerData: { exportOf: async () => ({ redemptions: [] }), erase: async () => 0 },
    familyLinks: { eraseChild: async () => undefined },
  };
}

describe("gems' outcome of a redemption", () => {
  it('when gems debited a redemption, then it is recorded before anyone waiting is told (an answered request can read it at once)', async () => {
    const steps: string[] = [];
    let recorded = () => undefined as void;
    const recordOutcome = jest.fn(async (_eventId: string, id: string, outcome: GemsOutcome) => {
      steps.push('record started');
      await new Promise<void>((resolve) => (recorded = () => (steps.push('recorded'), resolve())));
      return { ...stored(id), status: outcome.status === 'debited' ? ('pending-delivery' as const) : outcome.status, balance: outcome.balance };
    });
    const announce = jest.fn(async () => void steps.push('announced'));
    const handlers = giftsHandlers({ ...deps(), recordOutcome, outcomes: { announce } });
    const event = createEvent('gems.debited', { redemptionId: 'r1', email: 'kid@x.test', cost: 5, balance: 3 });

    const handled = handlers['gems.debited']!(event, { attempt: 1, redelivered: false });
    await new Promise((resolve) => setImmediate(resolve));
    expect(announce).not.toHaveBeenCalled();
    recorded();
    await handled;

    expect(steps).toEqual(['record started', 'recorded', 'announced']);
    expect(recordOutcome).toHaveBeenCalledWith(event.id, 'r1', { status: 'debited', balance: 3 });
    expect(announce).toHaveBeenCalledWith('r1', { status: 'pending-delivery', balance: 3 });
  });

  it.each([
    ['its parent approved gifts', true, 'awaiting-parent'],
    ['its parent did not approve gifts (or it had none)', false, 'pending-delivery'],
  ] as const)('when gems debited a request asked while %s, then it becomes %s and that is announced', async (_case, parentApproves, status) => {
    const d = deps(parentApproves);
    await giftsHandlers(d)['gems.debited']!(createEvent('gems.debited', { redemptionId: 'r1', email: 'kid@x.test', cost: 5, balance: 3 }), { attempt: 1, redelivered: false });
    expect(d.outcomes.announce).toHaveBeenCalledWith('r1', { status, balance: 3 });
  });

  it('when gems refused the debit, then the cost goes back to the month once, however often the refusal comes', async () => {
    const d = deps();
    await d.spend.reserve('kid@x.test', '2025-03', 5, null);
    const event = createEvent('gems.debit.rejected', { redemptionId: 'r1', email: 'kid@x.test', cost: 5, balance: 0, reason: 'not enough gems' });
    for (const attempt of [1, 2]) await giftsHandlers(d)['gems.debit.rejected']!(event, { attempt, redelivered: attempt > 1 });
    expect(d.spend.of('kid@x.test', '2025-03')).toBe(0);
    expect(d.outcomes.announce).toHaveBeenCalledWith('r1', { status: 'rejected', balance: 0 });
  });

  it('when a late gems.debited finds the request already decided by the parent, then nothing announces a state it is not in', async () => {
    const d = { ...deps(), recordOutcome: (async (_e, id) => stored(id, { status: 'declined', balance: 3 })) as RecordOutcome };
    await giftsHandlers(d)['gems.debited']!(createEvent('gems.debited', { redemptionId: 'r1', email: 'kid@x.test', cost: 5, balance: 3 }), { attempt: 2, redelivered: true });
    expect(d.outcomes.announce).not.toHaveBeenCalled();
  });
});
