import { standingId } from '../src/domain/standing-id';

describe('standingId', () => {
  it('when the same learner and lesson are given, then the id is the same', () => {
    expect(standingId('l1', 'a@b.test')).toBe(standingId('l1', 'a@b.test'));
  });
  it('when the learner or the lesson differs, then the id differs', () => {
    expect(standingId('l1', 'a@b.test')).not.toBe(standingId('l2', 'a@b.test'));
    expect(standingId('l1', 'a@b.test')).not.toBe(standingId('l1', 'c@b.test'));
  });
  it('when an id is made, then it does not contain the email', () => {
    expect(standingId('l1', 'a@b.test')).toMatch(/^[0-9a-f]{32}$/);
  });
});
