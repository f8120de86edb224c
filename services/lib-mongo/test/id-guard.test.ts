import { Types } from 'mongoose';
import { splitIdGuard } from '../src/id-guard';

describe('splitting a guarded filter by id', () => {
  it('when the filter is an id and simple conditions, then the id is split off and the rest is a matcher', () => {
    const guard = splitIdGuard({ _id: 'a@kidslearn.test', version: 3, gems: { $gte: 2 }, processedEventIds: { $ne: 'e1' } });
    expect(guard?.id).toBe('a@kidslearn.test');
    expect(guard?.matches({ _id: 'a@kidslearn.test', version: 3, gems: 5, processedEventIds: ['e0'] })).toBe(true);
    expect(guard?.matches({ _id: 'a@kidslearn.test', version: 3, gems: 5, processedEventIds: ['e1'] })).toBe(false);
    expect(guard?.matches({ _id: 'a@kidslearn.test', version: 4, gems: 5, processedEventIds: [] })).toBe(false);
  });

  it('when a condition counts an array ($size), then the matcher reads it as MongoDB does', () => {
    const guard = splitIdGuard({ _id: 'a', outboxLastId: 'e2', outbox: { $size: 2 } });
    expect(guard?.matches({ _id: 'a', outboxLastId: 'e2', outbox: [{ id: 'e1' }, { id: 'e2' }] })).toBe(true);
    expect(guard?.matches({ _id: 'a', outboxLastId: 'e2', outbox: [{ id: 'e0' }, { id: 'e1' }, { id: 'e2' }] })).toBe(false);
    expect(guard?.matches({ _id: 'a', outboxLastId: 'e2' })).toBe(false);
    expect(guard?.matches({ _id: 'a', outboxLastId: 'e2', outbox: 'ab' })).toBe(false);
  });

  it('when the id is an ObjectId, then it is used as it is', () => {
    const id = new Types.ObjectId();
    expect(splitIdGuard({ _id: id, status: 'requested' })?.id).toBe(id);
  });

  it.each([
    ['only an id', { _id: 'x' }],
    ['no id', { email: 'x', gems: 1 }],
    ['an id condition', { _id: { $in: ['x'] }, gems: 1 }],
    ['a top-level operator', { _id: 'x', $or: [{ gems: 1 }] }],
    ['a dotted path', { _id: 'x', 'outbox.0': { $exists: true } }],
    ['an unknown operator', { _id: 'x', name: { $regex: 'a' } }],
    ['a $size that is not a count', { _id: 'x', outbox: { $size: 1.5 } }],
    ['an object value', { _id: 'x', address: { city: 'a' } }],
    ['a Date value', { _id: 'x', at: { $lt: new Date() } }],
    ['not an object', null],
  ])('when the filter has %s, then it is left to the database', (_case, filter) => {
    expect(splitIdGuard(filter)).toBeUndefined();
  });
});
