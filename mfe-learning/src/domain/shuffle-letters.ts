// Practice shows a question's options in a new order each run (so a child learns the answer, not its place).
import type { Letter } from '../api/learning-api';

export const LETTERS: readonly Letter[] = ['A', 'B', 'C', 'D'];

/** The four letters in a random order (Fisher–Yates); `random` returns a number in [0, 1) like Math.random. */
export function shuffledLetters(random: () => number = Math.random): Letter[] {
  const letters = [...LETTERS];
  for (let index = letters.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [letters[index], letters[other]] = [letters[other]!, letters[index]!];
  }
  return letters;
}
