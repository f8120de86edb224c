import { LETTERS, shuffledLetters } from './shuffle-letters';

describe('shuffledLetters', () => {
  it('when shuffled, then every letter is there exactly once', () => {
    for (let run = 0; run < 20; run += 1) expect([...shuffledLetters()].sort()).toEqual([...LETTERS]);
  });

  it('when the random source is fixed, then the order follows it', () => {
    expect(shuffledLetters(() => 0)).toEqual(['B', 'C', 'D', 'A']);
    expect(shuffledLetters(() => 0.999)).toEqual(['A', 'B', 'C', 'D']);
  });
});
