import { EXPLANATION_MAX } from '@kidslearn/contracts';
import { createLessonSchema } from '../src/domain/lesson';
import { demoLessons } from '../src/seed/demo-lessons';

const questions = demoLessons.flatMap((lesson) => lesson.quiz.map((q) => ({ lesson: lesson.lessonHeading, ...q })));

/** Every written sum in a text ("5 + 5 + 5 + 5 = 20", "60 ÷ 4 = 15"), worked left to right. */
function sumsIn(text: string): { sum: string; claimed: number; worked: number }[] {
  return [...text.matchAll(/\d+(?: [-+×÷] \d+)+ = \d+/g)].map(([sum]) => {
    const [left, right] = sum.split(' = ') as [string, string];
    const tokens = left.split(' ');
    let worked = Number(tokens[0]);
    for (let i = 1; i < tokens.length; i += 2) {
      const n = Number(tokens[i + 1]);
      worked = { '+': worked + n, '-': worked - n, '×': worked * n, '÷': worked / n }[tokens[i] as '+' | '-' | '×' | '÷'];
    }
    return { sum, claimed: Number(right), worked };
  });
}

describe('demo lessons', () => {
  it('when they are checked by the lesson rules, then every one passes', () => {
    for (const { _id, ...lesson } of demoLessons) expect(createLessonSchema.safeParse(lesson).success).toBe(true);
  });

  it.each(questions.map((q) => [q.question, q] as const))('"%s" has a short explanation that names the right answer', (_name, q) => {
    const correct = q[`option${q.correctAnswer}`];
    expect(q.explanation?.trim().length).toBeGreaterThan(20);
    expect(q.explanation!.length).toBeLessThanOrEqual(Math.min(EXPLANATION_MAX, 200));
    // 1–2 sentences for an 8-year-old (a decimal point or time like 8:30 is no sentence end).
    expect(q.explanation!.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length).toBeLessThanOrEqual(2);
    expect(q.explanation!.toLowerCase()).toContain(correct.toLowerCase());
  });

  it('when the sums written in the explanations are worked out, then every one is right', () => {
    const sums = questions.flatMap((q) => sumsIn(q.explanation ?? ''));
    expect(sums.length).toBeGreaterThan(25);
    expect(sums.filter(({ claimed, worked }) => claimed !== worked)).toEqual([]);
  });
});
