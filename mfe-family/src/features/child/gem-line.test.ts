import { describeGemLine } from './gem-line';

const lessons = (id: string) => ({ l1: 'Adding tens' })[id];
const gifts = (id: string) => ({ r1: 'Robot Kit' })[id];

describe('a line of the child’s gem history', () => {
  it.each([
    [{ kind: 'quiz', amount: 2, at: '', lessonId: 'l1' }, 'Earned for the quiz "Adding tens"'],
    [{ kind: 'quiz', amount: 2, at: '', lessonId: 'gone' }, 'Earned for the quiz "a lesson"'],
    [{ kind: 'review', amount: 1, at: '' }, 'Earned in the daily review'],
    [{ kind: 'redemption', amount: -40, at: '', redemptionId: 'r1' }, 'Spent on Robot Kit'],
    [{ kind: 'refund', amount: 40, at: '', redemptionId: 'r1' }, 'Gems back for Robot Kit'],
    [{ kind: 'redemption', amount: -5, at: '' }, 'Spent on a gift'],
    [{ kind: 'adjustment', amount: 3, at: '' }, 'Changed by an admin'],
  ] as const)('when the line is %o, then it reads "%s"', (line, text) => {
    expect(describeGemLine(line, lessons, gifts)).toBe(text);
  });
});
