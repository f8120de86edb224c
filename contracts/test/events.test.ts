import { consumedEventTypes, createEvent, EVENT_TYPES, eventCatalogue, parseEventData } from '../src';

describe('the event catalogue', () => {
  it('when an event is created, then it carries a uuid, its type, version 1, an ISO time and the data as its schema outputs it', () => {
    const event = createEvent('gems.balance.changed', { email: ' Kid@Example.TEST ', balance: 4, version: 2 });
    expect(event).toMatchObject({ type: 'gems.balance.changed', version: 1, data: { email: 'kid@example.test', balance: 4, version: 2 } });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(event.occurredAt).toISOString()).toBe(event.occurredAt);
  });

  it('when a publisher hands data its schema refuses, then createEvent throws and nothing is made', () => {
    expect(() => createEvent('redemption.requested', { redemptionId: 'r1', email: 'kid@example.test', cost: 0 })).toThrow(/cost/);
    // @ts-expect-error the type allows only the schema's data
    expect(() => createEvent('learner.erased', { email: 'kid@example.test' })).toThrow(/erasureId/);
  });

  it('when a delivery is parsed, then good data comes back typed and bad data names the field', () => {
    const parsed = parseEventData('gems.credited', { attemptId: 'a1', lessonId: 'l-1', email: 'kid@example.test', amount: 2, balance: 7 });
    expect(parsed).toEqual({ data: { attemptId: 'a1', lessonId: 'l-1', email: 'kid@example.test', amount: 2, balance: 7 } });
    expect(parseEventData('gems.credited', { attemptId: 'a1', lessonId: 'l.1', email: 'nobody', amount: -1, balance: 7 })).toEqual({
      error: expect.stringMatching(/lessonId .*; email .*; amount/),
    });
  });

  it('when the consumers are listed per service, then every catalogued event has a publisher and at least one consumer other than it', () => {
    for (const type of EVENT_TYPES) {
      const { from, to } = eventCatalogue[type];
      expect({ type, consumers: to.length > 0, selfOnly: to.every((service) => service === from) }).toEqual({ type, consumers: true, selfOnly: false });
    }
    expect(consumedEventTypes()).toEqual({
      content: ['lesson.announcement.requested', 'gems.balance.changed'],
      quiz: ['lesson.created', 'lesson.deleted', 'gems.credited', 'user.profile.changed', 'family.linked', 'family.unlinked', 'learner.erased'],
      gems: ['quiz.attempt.scored', 'redemption.requested', 'daily.review.completed', 'family.linked', 'family.unlinked', 'redemption.declined', 'learner.erased'],
      gifts: ['gems.debited', 'gems.debit.rejected', 'family.linked', 'family.unlinked', 'learner.erased'],
    });
  });
});
