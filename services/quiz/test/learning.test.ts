import { explanationsFor, isStrongRun, progressOf, reviewedQuestions } from '../src/domain/learning';

describe('isStrongRun (MASTERY_PRACTICE_PERCENT = 80)', () => {
  it('when a run scores 80 % or more, then it is strong; below, it is not', () => {
    expect(isStrongRun(4, 5)).toBe(true);
    expect(isStrongRun(5, 5)).toBe(true);
    expect(isStrongRun(3, 5)).toBe(false);
    expect(isStrongRun(7, 9)).toBe(false); // 77.7 %
    expect(isStrongRun(8, 10)).toBe(true);
  });
  it('when the quiz has no questions, then no run is strong', () => {
    expect(isStrongRun(0, 0)).toBe(false);
  });
});

describe('progressOf', () => {
  it('when only the quiz was taken, then the lesson is done', () => {
    expect(progressOf({ score: 3, total: 5 }, null)).toBe('done');
    expect(progressOf({ score: 3, total: 5 }, { count: 0, strongRuns: 0 })).toBe('done');
  });
  it('when the learner practised at least once, then it is practised', () => {
    expect(progressOf({ score: 3, total: 5 }, { count: 1, strongRuns: 0 })).toBe('practised');
    expect(progressOf({ score: 3, total: 5 }, { count: 5, strongRuns: 1 })).toBe('practised');
  });
  it('when the quiz was perfect, or two practice runs were strong, then it is mastered', () => {
    expect(progressOf({ score: 5, total: 5 }, null)).toBe('mastered');
    expect(progressOf({ score: 0, total: 5 }, { count: 2, strongRuns: 2 })).toBe('mastered');
    expect(progressOf({ score: 0, total: 5 }, { count: 9, strongRuns: 3 })).toBe('mastered');
  });
});

describe('explanationsFor', () => {
  it('when the lesson announced none, then every question has null', () => {
    expect(explanationsFor(3, undefined)).toEqual([null, null, null]);
  });
  it('when some are missing, blank or extra, then the slots follow the questions', () => {
    expect(explanationsFor(3, ['Two and two make four.', '  ', null, 'extra'])).toEqual(['Two and two make four.', null, null]);
    expect(explanationsFor(2, ['only one'])).toEqual(['only one', null]);
  });
});

describe('reviewedQuestions', () => {
  it('when an attempt is reviewed, then each question shows the choice, the right letter, whether it was right and the explanation', () => {
    expect(reviewedQuestions(['A', 'B', 'C'], ['because A', null, 'because C'], ['A', 'D', null])).toEqual([
      { index: 0, chosen: 'A', correct: 'A', isCorrect: true, explanation: 'because A' },
      { index: 1, chosen: 'D', correct: 'B', isCorrect: false, explanation: null },
      { index: 2, chosen: null, correct: 'C', isCorrect: false, explanation: 'because C' },
    ]);
  });
});
