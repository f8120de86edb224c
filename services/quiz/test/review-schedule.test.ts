import { addDays, dayOf, firstDueDay, itemKey, nextSchedule, pickDailyItems, reviewCandidates, weekUpTo, type ReviewCandidate } from '../src/domain/review-schedule';

describe('days', () => {
  it('when a moment is turned into a day, then it is its UTC date', () => {
    expect(dayOf(new Date('2026-03-01T23:30:00-02:00'))).toBe('2026-03-02');
    expect(dayOf(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01');
  });
  it('when days are added, then months and leap years roll over', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('when the week of a day is asked, then it runs from Monday to that day', () => {
    expect(weekUpTo('2026-03-04')).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']); // a Wednesday
    expect(weekUpTo('2026-03-02')).toEqual(['2026-03-02']); // a Monday
    expect(weekUpTo('2026-03-08')).toHaveLength(7); // a Sunday
    expect(weekUpTo('2026-03-08')[0]).toBe('2026-03-02');
  });
});

describe('nextSchedule (REVIEW_INTERVAL_DAYS = 1, 3, 7, 14, 30)', () => {
  it('when a question is never reviewed, then it is due the day after the attempt', () => {
    expect(firstDueDay('2026-03-02')).toBe('2026-03-03');
  });
  it('when answered right, then it moves a step on: 3, 7, 14, 30 days later, then retired', () => {
    expect(nextSchedule(0, true, '2026-03-03')).toEqual({ step: 1, dueDay: '2026-03-06' });
    expect(nextSchedule(1, true, '2026-03-06')).toEqual({ step: 2, dueDay: '2026-03-13' });
    expect(nextSchedule(2, true, '2026-03-13')).toEqual({ step: 3, dueDay: '2026-03-27' });
    expect(nextSchedule(3, true, '2026-03-27')).toEqual({ step: 4, dueDay: '2026-04-26' });
    expect(nextSchedule(4, true, '2026-04-26')).toEqual({ step: 5, dueDay: null });
  });
  it('when answered wrong at any step, then it starts again and is due the next day', () => {
    expect(nextSchedule(0, false, '2026-03-03')).toEqual({ step: 0, dueDay: '2026-03-04' });
    expect(nextSchedule(3, false, '2026-03-27')).toEqual({ step: 0, dueDay: '2026-03-28' });
  });
});

describe('reviewCandidates', () => {
  it('when a question has a schedule, then its due day is the schedule\'s; retired ones are left out; others are due a day after the attempt', () => {
    const schedules = new Map([
      [itemKey('l-1', 0), { step: 1, dueDay: '2026-03-09' }],
      [itemKey('l-1', 1), { step: 5, dueDay: null }],
    ]);
    const candidates = reviewCandidates([{ lessonId: 'l-1', attemptDay: '2026-03-02', rightInQuiz: [true, true, false] }], schedules);
    expect(candidates).toEqual([
      { lessonId: 'l-1', question: 0, dueDay: '2026-03-09', wrongInQuiz: false },
      { lessonId: 'l-1', question: 2, dueDay: '2026-03-03', wrongInQuiz: true },
    ]);
  });
});

describe('pickDailyItems', () => {
  const c = (lessonId: string, question: number, dueDay: string, wrongInQuiz = false): ReviewCandidate => ({ lessonId, question, dueDay, wrongInQuiz });

  it('when nothing is due yet, then the review is empty', () => {
    expect(pickDailyItems([c('a', 0, '2026-03-03')], '2026-03-02')).toEqual([]);
  });

  it('when more than 5 are due, then 5 are picked, one lesson after another in turn', () => {
    const candidates = [0, 1, 2, 3].flatMap((q) => [c('a', q, '2026-03-03'), c('b', q, '2026-03-03'), c('c', q, '2026-03-03')]);
    const picked = pickDailyItems(candidates, '2026-03-03');
    expect(picked).toHaveLength(5);
    expect(picked.map((item) => item.lessonId)).toEqual(['a', 'b', 'c', 'a', 'b']);
  });

  it('when questions were due earlier, then they come first, and wrong answers of the quiz lead on the same day', () => {
    const picked = pickDailyItems([c('a', 0, '2026-03-05'), c('a', 1, '2026-03-05', true), c('b', 0, '2026-03-01'), c('b', 1, '2026-03-04')], '2026-03-05');
    expect(picked).toEqual([
      { lessonId: 'b', question: 0 },
      { lessonId: 'a', question: 1 },
      { lessonId: 'b', question: 1 },
      { lessonId: 'a', question: 0 },
    ]);
  });

  it('when one lesson holds every due question, then they all come from it, up to the size', () => {
    const picked = pickDailyItems([0, 1, 2, 3, 4, 5, 6].map((q) => c('only', q, '2026-03-03')), '2026-03-03');
    expect(picked.map((item) => item.question)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('itemKey', () => {
  it('when a lesson id has dashes and underscores, then the question number still ends the key', () => {
    expect(itemKey('lesson_1-x', 12)).toBe('lesson_1-x_12');
  });
});
