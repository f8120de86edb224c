import { createHash, randomBytes } from 'node:crypto';
import { publicStandingId, standingId } from '../src/domain/standing-id';

describe('standingId (stored, internal)', () => {
  it('when the same learner and lesson are given, then the id is the same; another learner or lesson gives another id', () => {
    expect(standingId('l1', 'a@b.test')).toBe(standingId('l1', 'a@b.test'));
    expect(standingId('l1', 'a@b.test')).not.toBe(standingId('l2', 'a@b.test'));
    expect(standingId('l1', 'a@b.test')).not.toBe(standingId('l1', 'c@b.test'));
  });
});

describe('publicStandingId (on the wire)', () => {
  const key = randomBytes(32);

  it('when the same key, learner and lesson are given, then the id is the same (the learner can find their row again)', () => {
    expect(publicStandingId(key, 'l1', 'a@b.test')).toBe(publicStandingId(key, 'l1', 'a@b.test'));
    expect(publicStandingId(key, 'l1', 'a@b.test')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('when someone hashes a known email with the lesson id, then they do not get the row id (it is keyed)', () => {
    const unsalted = createHash('sha256').update('l1\na@b.test').digest('hex').slice(0, 32);
    expect(publicStandingId(key, 'l1', 'a@b.test')).not.toBe(unsalted);
    expect(publicStandingId(key, 'l1', 'a@b.test')).not.toBe(standingId('l1', 'a@b.test'));
  });

  it('when another deployment (another key) names the same row, then its id differs', () => {
    expect(publicStandingId(randomBytes(32), 'l1', 'a@b.test')).not.toBe(publicStandingId(key, 'l1', 'a@b.test'));
  });
});
