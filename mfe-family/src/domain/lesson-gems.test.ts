import { gemsPerLesson } from './lesson-gems';

describe('gems per lesson', () => {
  it('when the history has quiz lines (a lesson topped up twice), then each lesson sums its own; other kinds are left out', () => {
    const at = '2026-11-27T10:00:00Z';
    const perLesson = gemsPerLesson([
      { kind: 'quiz', amount: 1, at, lessonId: 'l1' },
      { kind: 'quiz', amount: 1, at, lessonId: 'l1' },
      { kind: 'quiz', amount: 2, at, lessonId: 'l2' },
      { kind: 'redemption', amount: -5, at, redemptionId: 'r1' },
      { kind: 'review', amount: 1, at },
    ]);
    expect(Object.fromEntries(perLesson)).toEqual({ l1: 2, l2: 2 });
  });
});
