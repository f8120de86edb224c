import { answerKeyOf, createLessonSchema, forAudience, type LessonView } from '../src/domain/lesson';
import { messages } from '../src/messages';

const question = { question: '2 + 2?', optionA: '3', optionB: '4', optionC: '5', optionD: '6', correctAnswer: 'B' };
const valid = { lessonHeading: 'Adding', parts: [{ name: 'Intro', link: 'https://www.youtube.com/watch?v=abc' }], quiz: [question] };

const firstMessage = (input: unknown) => {
  const result = createLessonSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('create lesson rules', () => {
  it('when the lesson is complete, then it is accepted and trimmed', () => {
    const parsed = createLessonSchema.parse({ ...valid, lessonHeading: '  Adding  ' });
    expect(parsed.lessonHeading).toBe('Adding');
  });

  it.each([
    ['the heading is blank', { ...valid, lessonHeading: '   ' }, messages.lesson.headingRequired],
    ['the heading is missing', { parts: valid.parts, quiz: valid.quiz }, messages.lesson.headingRequired],
    ['there are no parts', { ...valid, parts: [] }, messages.lesson.partsRequired],
    ['there are no questions', { ...valid, quiz: [] }, messages.lesson.quizRequired],
    ['a part has no name', { ...valid, parts: [{ name: '', link: 'https://x.test' }] }, messages.lesson.partNameRequired],
    ['a link is not a URL', { ...valid, parts: [{ name: 'a', link: 'not a url' }] }, messages.lesson.linkInvalid],
    ['a link is javascript:', { ...valid, parts: [{ name: 'a', link: 'javascript:alert(1)' }] }, messages.lesson.linkInvalid],
    ['an option is missing', { ...valid, quiz: [{ ...question, optionC: '' }] }, messages.lesson.optionRequired],
    ['the correct answer is E', { ...valid, quiz: [{ ...question, correctAnswer: 'E' }] }, messages.lesson.correctAnswerInvalid],
    ['the heading is an operator object', { ...valid, lessonHeading: { $gt: '' } }, messages.lesson.headingRequired],
    ['there are 51 parts', { ...valid, parts: Array(51).fill(valid.parts[0]) }, messages.lesson.tooManyParts],
  ])('when %s, then it is refused with a clear message', (_case, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('when the answer key is taken, then it lists one letter per question in order', () => {
    expect(answerKeyOf({ quiz: [question, { ...question, correctAnswer: 'D' }] as never })).toEqual(['B', 'D']);
  });
});

describe('lessons by audience', () => {
  const lessons: LessonView[] = [{ _id: '1', lessonHeading: 'h', parts: [], quiz: [question as never] }];

  it('when a learner or visitor reads lessons, then no correctAnswer is included', () => {
    expect(JSON.stringify(forAudience(lessons, false))).not.toContain('correctAnswer');
  });

  it('when an admin reads lessons, then the full quiz is included', () => {
    expect(forAudience(lessons, true)[0]?.quiz[0]?.correctAnswer).toBe('B');
  });
});
