import type { LearnerQuestion, Letter } from '../../api/learning-api';
import { LETTERS } from '../../domain/shuffle-letters';

/** One option as a child sees it: `letter` is its place on screen, `value` the lesson's own letter. */
export interface ShownOption {
  value: Letter;
  letter: Letter;
  text: string;
}

export const optionText = (question: LearnerQuestion, letter: Letter) => question[`option${letter}`];

/** The options in `order` (the lesson's letters), lettered A–D by their place on screen. */
export function shownOptions(question: LearnerQuestion, order: readonly Letter[] = LETTERS): ShownOption[] {
  return order.map((value, place) => ({ value, letter: LETTERS[place]!, text: optionText(question, value) }));
}
