// Answers as learners send them: an array by question index, or a map { "0": "A", ... }.
export const LETTERS = ['A', 'B', 'C', 'D'] as const;
export type Letter = (typeof LETTERS)[number];
export type Answer = Letter | null;
export type SubmittedAnswers = Answer[] | Record<string, Answer>;

export class AnswersTooLongError extends Error {
  constructor(readonly total: number) {
    super(`answers must not exceed the ${total} questions of this quiz`);
  }
}

/** Turns the submitted answers into one slot per question; missing slots are unanswered (null). */
export function normalizeAnswers(submitted: SubmittedAnswers, total: number): Answer[] {
  const slots: Answer[] = Array.from({ length: total }, () => null);
  if (Array.isArray(submitted)) {
    if (submitted.length > total) throw new AnswersTooLongError(total);
    submitted.forEach((answer, index) => (slots[index] = answer));
    return slots;
  }
  for (const [key, answer] of Object.entries(submitted)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index >= total) throw new AnswersTooLongError(total);
    slots[index] = answer;
  }
  return slots;
}
