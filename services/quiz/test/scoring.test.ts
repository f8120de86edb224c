import { normalizeAnswers, AnswersTooLongError } from '../src/domain/answers';
import { rewardFor, scoreAttempt } from '../src/domain/scoring';

describe('rewardFor', () => {
  it('when every answer is right, then the reward is 2 gems', () => {
    expect(rewardFor(5, 5)).toBe(2);
  });
  it('when exactly one answer is wrong, then the reward is 1 gem', () => {
    expect(rewardFor(4, 5)).toBe(1);
  });
  it('when two or more answers are wrong, then the reward is 0', () => {
    expect(rewardFor(3, 5)).toBe(0);
    expect(rewardFor(0, 5)).toBe(0);
  });
  it('when a one-question quiz is answered wrongly, then exactly one is wrong and the reward is 1', () => {
    expect(rewardFor(0, 1)).toBe(1);
  });
  it('when a quiz has no questions, then the reward is 0', () => {
    expect(rewardFor(0, 0)).toBe(0);
  });
});

describe('scoreAttempt', () => {
  const key = ['A', 'B', 'C', 'D'] as const;

  it('when all answers match the key, then the score is full and the reward 2', () => {
    expect(scoreAttempt(key, ['A', 'B', 'C', 'D'])).toEqual({ score: 4, total: 4, reward: 2 });
  });
  it('when one question is unanswered, then it counts as wrong', () => {
    expect(scoreAttempt(key, ['A', 'B', 'C', null])).toEqual({ score: 3, total: 4, reward: 1 });
  });
  it('when fewer answers than questions are sent, then the missing ones are wrong', () => {
    expect(scoreAttempt(key, ['A'])).toEqual({ score: 1, total: 4, reward: 0 });
  });
});

describe('normalizeAnswers', () => {
  it('when an array is shorter than the quiz, then the rest is unanswered', () => {
    expect(normalizeAnswers(['A'], 3)).toEqual(['A', null, null]);
  });
  it('when an array is longer than the quiz, then it is refused', () => {
    expect(() => normalizeAnswers(['A', 'B', 'C'], 2)).toThrow(AnswersTooLongError);
  });
  it('when a map by question index is sent, then each answer lands in its slot', () => {
    expect(normalizeAnswers({ '2': 'C', '0': 'A' }, 3)).toEqual(['A', null, 'C']);
  });
  it('when a map names a question outside the quiz, then it is refused', () => {
    expect(() => normalizeAnswers({ '3': 'A' }, 3)).toThrow(AnswersTooLongError);
    expect(() => normalizeAnswers({ x: 'A' }, 3)).toThrow(AnswersTooLongError);
    expect(() => normalizeAnswers({ '-1': 'A' }, 3)).toThrow(AnswersTooLongError);
  });
});
