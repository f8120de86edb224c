import type { BenchSection, Figure } from './types';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A count that must stay at 0 (problems found): any round's count stands, not the median's. */
const isZeroBudget = (figure: Figure) => figure.budget?.op === '<=' && figure.budget.value === 0;

/**
 * Runs a section `rounds` times one after the other and reports each figure as the median of the rounds (a
 * budget is within only when the median is), with every round's value in a note. A count that must stay at
 * 0 reports the highest of the rounds instead.
 */
export async function medianOfRounds(rounds: number, run: () => Promise<BenchSection>): Promise<BenchSection> {
  const sections: BenchSection[] = [];
  for (let round = 0; round < rounds; round += 1) sections.push(await run());
  const first = sections[0]!;
  const perRound = (figure: Figure) => sections.map((section) => section.figures.find((f) => f.name === figure.name)?.value ?? Number.NaN);
  const figures = first.figures.map((figure) => {
    const values = perRound(figure);
    return { ...figure, value: isZeroBudget(figure) ? Math.max(...values) : median(values) };
  });
  const spread = first.figures.map((figure) => `${figure.name} ${perRound(figure).join(' / ')} ${figure.unit}`).join('; ');
  return {
    title: `${first.title}, median of ${rounds} rounds`,
    figures,
    notes: [`Per round: ${spread}.`, ...(sections.at(-1)!.notes ?? []).map((note) => `last round: ${note}`)],
  };
}
