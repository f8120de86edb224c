import { addPush, withOutbox } from '../src/update-merge';

describe('update merging', () => {
  it('when events are added to an update, then existing operators and pushes stay', () => {
    const update = withOutbox({ $inc: { gems: 2 }, $push: { history: 1 } }, { id: 'e1' });
    expect(update).toEqual({ $inc: { gems: 2 }, $push: { history: 1, outbox: { id: 'e1' } }, $set: { outboxPending: true, outboxLastId: 'e1' } });
    expect(withOutbox({ $set: { n: 1 } }, { id: 'a' }, { id: 'b' })).toEqual({
      $set: { n: 1, outboxPending: true, outboxLastId: 'b' },
      $push: { outbox: { $each: [{ id: 'a' }, { id: 'b' }] } },
    });
  });

  it('when the update already pushes to the field, then it refuses instead of overwriting', () => {
    expect(() => addPush({ $push: { processedEventIds: 'x' } }, 'processedEventIds', 'y')).toThrow(/already pushes/);
  });
});
