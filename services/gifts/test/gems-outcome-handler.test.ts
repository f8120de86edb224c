import { createEvent } from '@kidslearn/lib-events';
import { giftsHandlers } from '../src/entry-points/messaging/handlers';

describe("gems' outcome of a redemption", () => {
  it('when gems debited a redemption, then it is recorded before anyone waiting is told (an answered request can read it at once)', async () => {
    const steps: string[] = [];
    let recorded = () => undefined as void;
    const recordOutcome = jest.fn(() => {
      steps.push('record started');
      return new Promise<void>((resolve) => (recorded = () => (steps.push('recorded'), resolve())));
    });
    const announce = jest.fn(async () => void steps.push('announced'));
    const handlers = giftsHandlers({ recordOutcome, outcomes: { announce }, erasures: { record: async () => undefined }, learnerData: { exportOf: async () => ({ redemptions: [] }), erase: async () => 0 } });
    const event = createEvent('gems.debited', { redemptionId: 'r1', email: 'kid@x.test', cost: 5, balance: 3 });

    const handled = handlers['gems.debited']!(event, { attempt: 1, redelivered: false });
    await new Promise((resolve) => setImmediate(resolve));
    expect(announce).not.toHaveBeenCalled();
    recorded();
    await handled;

    expect(steps).toEqual(['record started', 'recorded', 'announced']);
    expect(recordOutcome).toHaveBeenCalledWith(event.id, 'r1', { status: 'pending-delivery', balance: 3 });
    expect(announce).toHaveBeenCalledWith('r1', { status: 'pending-delivery', balance: 3 });
  });
});
