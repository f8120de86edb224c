import { z } from 'zod';
import { PoisonMessageError, createEvent, parseEventData } from '../src';

const schema = z.object({ lessonId: z.string().min(1), reward: z.number().int() });

describe('parseEventData', () => {
  it('when the payload matches the schema, then the parsed data is returned', () => {
    expect(parseEventData(schema, createEvent('t', { lessonId: 'a', reward: 2 }))).toEqual({ lessonId: 'a', reward: 2 });
  });

  it('when the payload does not match, then a PoisonMessageError naming the event type is thrown (dead-lettered at once)', () => {
    const bad = createEvent('quiz.attempt.scored', { lessonId: '', reward: 'two' });
    expect(() => parseEventData(schema, bad)).toThrow(PoisonMessageError);
    expect(() => parseEventData(schema, bad)).toThrow(/quiz\.attempt\.scored/);
  });
});
