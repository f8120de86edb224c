import { createEnvelope, encodeEnvelope, parseEnvelope, retryDelayFor, topologyFor } from '../src';

describe('event envelope', () => {
  it('when created, then it has a uuid, the type, version 1 and an ISO time', () => {
    const event = createEnvelope('lesson.created', { lessonId: 'l1' });
    expect(event).toMatchObject({ type: 'lesson.created', version: 1, data: { lessonId: 'l1' } });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(event.occurredAt).toISOString()).toBe(event.occurredAt);
    expect(createEnvelope('x', {}, 2).version).toBe(2);
  });

  it('when encoded and parsed, then the same envelope comes back', () => {
    const event = createEnvelope('gems.debited', { cost: 3 });
    expect(parseEnvelope(encodeEnvelope(event))).toEqual(event);
  });

  it('when the body is not an envelope, then the error says why', () => {
    expect(() => parseEnvelope('nope')).toThrow('event body is not JSON');
    expect(() => parseEnvelope(JSON.stringify({ id: 'a', type: 't' }))).toThrow(/version/);
  });
});

describe('retry topology', () => {
  it('when attempts fail, then delays follow the list and the last one repeats', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayFor(n, [100, 500]))).toEqual([100, 500, 500, 500]);
  });

  it('when named for a service, then queues follow <service>.events', () => {
    const t = topologyFor('gems');
    expect([t.queue, t.dlq, t.retryQueue(1000)]).toEqual(['gems.events', 'gems.events.dlq', 'gems.events.retry.1000ms']);
  });
});
