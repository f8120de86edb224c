import { childLessonRows, placeIn } from '../src/domain/child-learning';
import { standingId } from '../src/domain/standing-id';

const kid = 'kid@kidslearn.test';
const at = new Date('2026-03-03T10:00:00.000Z');
const best = (lessonId: string, score = 2, total = 2) => ({ lessonId, standingId: 'public', score, total, achievedAt: at });

describe('placeIn', () => {
  it('when the row is in the ranking, then its place counts from 1 and every ranked learner is counted', () => {
    expect(placeIn(['a', 'b', 'c'], 'a')).toEqual({ rank: 1, learners: 3 });
    expect(placeIn(['a', 'b', 'c'], 'c')).toEqual({ rank: 3, learners: 3 });
  });
  it('when the row is not ranked (left out, or no ranking), then the place is null', () => {
    expect(placeIn(['a', 'b'], 'z')).toEqual({ rank: null, learners: 2 });
    expect(placeIn(undefined, 'z')).toEqual({ rank: null, learners: 0 });
  });
});

describe('childLessonRows', () => {
  it("when the child has bests, then each lesson has its heading, the best and the child's place, in the order given", () => {
    const rows = childLessonRows(
      kid,
      [best('l2', 1, 3), best('l1')],
      new Map([
        ['l1', 'Adding'],
        ['l2', 'Taking away'],
      ]),
      new Map([
        ['l1', ['someone', standingId('l1', kid)]],
        ['l2', [standingId('l2', kid)]],
      ]),
    );
    expect(rows).toEqual([
      { lessonId: 'l2', lessonHeading: 'Taking away', score: 1, total: 3, attemptedAt: at.toISOString(), rank: 1, learners: 1 },
      { lessonId: 'l1', lessonHeading: 'Adding', score: 2, total: 2, attemptedAt: at.toISOString(), rank: 2, learners: 2 },
    ]);
  });
  it("when a lesson was deleted (no heading), then it is left out; another learner's row is not the child's", () => {
    const rows = childLessonRows(kid, [best('gone'), best('l1')], new Map([['l1', 'Adding']]), new Map([['l1', [standingId('l1', 'other@kidslearn.test')]]]));
    expect(rows).toEqual([expect.objectContaining({ lessonId: 'l1', rank: null, learners: 1 })]);
  });
});
