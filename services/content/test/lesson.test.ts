import { answerKeyOf, createLessonSchema, explanationsOf, forAudience, withMissingExplanations, withoutBlankExplanations, type LessonView, type Question } from '../src/domain/lesson';
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
    ['an explanation is longer than 1000 characters', { ...valid, quiz: [{ ...question, explanation: 'x'.repeat(1001) }] }, messages.lesson.tooLong],
    ['an explanation is not text', { ...valid, quiz: [{ ...question, explanation: { $ne: '' } }] }, expect.any(String)],
  ])('when %s, then it is refused with a clear message', (_case, input, message) => {
    expect(firstMessage(input)).toEqual(message);
  });

  it('when a question has an explanation of up to 1000 characters, or a blank or none, then the lesson is accepted', () => {
    const explained = createLessonSchema.parse({ ...valid, quiz: [{ ...question, explanation: ` ${'y'.repeat(1000)} ` }, { ...question, explanation: '  ' }, question] });
    expect(explained.quiz.map((q) => q.explanation?.length)).toEqual([1000, 0, undefined]);
  });

  it('when the answer key is taken, then it lists one letter per question in order', () => {
    expect(answerKeyOf({ quiz: [question, { ...question, correctAnswer: 'D' }] as never })).toEqual(['B', 'D']);
  });
});

describe('explanations', () => {
  const plain: Question = { ...question, correctAnswer: 'B' };
  const explained: Question = { ...plain, explanation: '2 and 2 more make 4.' };

  it('when the event data is taken, then there is one entry per question, aligned with the answer key, null where there is none', () => {
    expect(explanationsOf({ quiz: [plain, explained, { ...plain, explanation: '   ' }] })).toEqual([null, '2 and 2 more make 4.', null]);
  });

  it('when a lesson is stored, then a blank explanation is left out and a written one kept trimmed', () => {
    const stored = withoutBlankExplanations({ quiz: [{ ...plain, explanation: '  ' }, { ...plain, explanation: ' Why. ' }, plain] });
    expect(stored.quiz.map((q) => ('explanation' in q ? q.explanation : 'none'))).toEqual(['none', 'Why.', 'none']);
  });

  it('when a seeded lesson lacks explanations, then only the same questions (text and answer, same place) get the source ones', () => {
    const other = { ...plain, question: '3 + 3?' };
    const merged = withMissingExplanations([plain, other, { ...plain, correctAnswer: 'C' }], [explained, { ...other, question: '4 + 4?', explanation: 'no' }, explained]);
    expect(merged?.map((q) => q.explanation)).toEqual(['2 and 2 more make 4.', undefined, undefined]);
  });

  it('when a seeded lesson already has its explanations, then nothing is changed', () => {
    expect(withMissingExplanations([{ ...plain, explanation: 'Own.' }], [explained])).toBeNull();
    expect(withMissingExplanations([plain], [plain])).toBeNull();
  });
});

describe('lessons by audience', () => {
  const lessons: LessonView[] = [{ _id: '1', lessonHeading: 'h', parts: [], quiz: [{ ...question, explanation: 'Two and two more make four.' } as never] }];

  it('when a learner or visitor reads lessons, then neither correctAnswer nor explanation is included', () => {
    const seen = JSON.stringify(forAudience(lessons, false));
    expect(seen).not.toContain('correctAnswer');
    expect(seen).not.toContain('explanation');
    expect(seen).not.toContain('Two and two more');
    expect(forAudience(lessons, false)[0]?.quiz[0]).toEqual({ question: '2 + 2?', optionA: '3', optionB: '4', optionC: '5', optionD: '6' });
  });

  it('when an admin reads lessons, then the full quiz is included, explanations too', () => {
    expect(forAudience(lessons, true)[0]?.quiz[0]).toMatchObject({ correctAnswer: 'B', explanation: 'Two and two more make four.' });
  });
});
