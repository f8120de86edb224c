// A practice run: the lesson's questions in order, each with its options shuffled for this run, and the answer
// key of the child's own attempt (the review, allowed after the attempt) for feedback without a server trip.
import type { AnswerReview, LearnerLesson, Letter } from '../../api/learning-api';
import { shuffledLetters } from '../../domain/shuffle-letters';
import { shownOptions, type ShownOption } from '../questions/options';

export interface PracticeQuestion {
  /** the question's index in the lesson's quiz */
  index: number;
  text: string;
  /** shuffled: `letter` is the place on screen, `value` the lesson's letter */
  options: ShownOption[];
  correct: Letter;
  explanation: string | null;
}

export function practiceQuestions(lesson: LearnerLesson, review: AnswerReview, random: () => number = Math.random): PracticeQuestion[] {
  const keys = new Map(review.questions.map((reviewed) => [reviewed.index, reviewed]));
  return lesson.quiz.flatMap((question, index) => {
    const key = keys.get(index);
    if (!key) return [];
    return [{ index, text: question.question, options: shownOptions(question, shuffledLetters(random)), correct: key.correct, explanation: key.explanation }];
  });
}

/** One slot per question of the lesson, in the lesson's letters (null: not answered), as POST /practice-results takes them. */
export function practiceAnswers(questionCount: number, chosen: ReadonlyMap<number, Letter>): (Letter | null)[] {
  return Array.from({ length: questionCount }, (_, index) => chosen.get(index) ?? null);
}
