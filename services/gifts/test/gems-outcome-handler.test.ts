import { createEvent } from '@kidslearn/lib-events';
import { gemsOutcomeHandler } from '../src/entry-points/messaging/gems-outcome-consumer';

describe('gems outcome handler', () => {
  it('when gems debited a redemption, then it is recorded before anyone waiting is told (an answered request can read it at once)', async () => {
    const steps: string[] = [];
    let recorded = () => undefined as void;
    const settle = jest.fn(() => {
      steps.push('settle started');
      return new Promise<void>((resolve) => (recorded = () => (steps.push('settled'), resolve())));
    });
    const announce = jest.fn(async () => void steps.push('announced'));
    const event = createEvent('gems.debited', { redemptionId: 'r1', email: 'kid@x.test', cost: 5, balance: 3 });

    const handled = gemsOutcomeHandler(settle, announce)(event);
    await new Promise((resolve) => setImmediate(resolve));
    expect(announce).not.toHaveBeenCalled();
    recorded();
    await handled;

    expect(steps).toEqual(['settle started', 'settled', 'announced']);
    expect(announce).toHaveBeenCalledWith('r1', { status: 'pending-delivery', balance: 3 });
  });
});
