import { createEnvelope, createEvent, eventHandler, PoisonMessageError, subscribeEvents, type EventHandler } from '../src';

const ctx = { attempt: 1, redelivered: false };

describe('typed event handlers', () => {
  it('when a delivery of the handled type parses, then the handler gets its data as the schema outputs it', async () => {
    const seen: unknown[] = [];
    const handle = eventHandler('gems.balance.changed', (event) => void seen.push(event.data.email));
    await handle(createEnvelope('gems.balance.changed', { email: 'Kid@Example.test', balance: 3, version: 1 }), ctx);
    expect(seen).toEqual(['kid@example.test']);
  });

  it('when its data does not parse, then the delivery is poison naming the type and the field (dead-lettered at once)', () => {
    const handle = eventHandler('quiz.attempt.scored', () => undefined);
    const bad = createEnvelope('quiz.attempt.scored', { lessonId: '', reward: 'two' });
    expect(() => handle(bad, ctx)).toThrow(PoisonMessageError);
    expect(() => handle(bad, ctx)).toThrow(/quiz\.attempt\.scored payload: .*lessonId/);
  });

  it('when several handlers are subscribed, then one subscription carries every type and dispatches each to its own', async () => {
    const calls: Array<{ types: string[]; handler: EventHandler }> = [];
    const bus = { subscribe: async (types: string | string[], handler: EventHandler) => void calls.push({ types: [types].flat(), handler }) };
    const seen: string[] = [];
    await subscribeEvents(bus, {
      'gems.debited': (event) => void seen.push(`debited ${event.data.redemptionId}`),
      'gems.debit.rejected': (event) => void seen.push(`rejected ${event.data.reason}`),
    });
    expect(calls.map((call) => call.types)).toEqual([['gems.debited', 'gems.debit.rejected']]);
    await calls[0]!.handler(createEvent('gems.debit.rejected', { redemptionId: 'r1', email: 'kid@example.test', cost: 5, balance: 1, reason: 'Not enough gems' }), ctx);
    await calls[0]!.handler(createEvent('gems.debited', { redemptionId: 'r2', email: 'kid@example.test', cost: 5, balance: 1 }), ctx);
    expect(seen).toEqual(['rejected Not enough gems', 'debited r2']);
  });
});
