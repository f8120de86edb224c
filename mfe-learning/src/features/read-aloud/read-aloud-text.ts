/** What the speaker button says: the question, then each option with its letter. */
export function readAloudText(question: string, options: { letter: string; text: string }[]): string {
  return [question, ...options.map((option) => `${option.letter}: ${option.text}.`)].join(' ');
}
