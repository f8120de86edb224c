import { medianOfRounds } from './rounds';
import type { BenchSection } from './types';

describe('medianOfRounds', () => {
  it('when a section runs three times, then each figure is the median of its rounds and a problem count the most of any round', async () => {
    const rounds: Array<[number, number, number]> = [
      [30, 40, 0],
      [10, 90, 2],
      [20, 50, 0],
    ];
    let next = 0;
    const run = async (): Promise<BenchSection> => {
      const [p50, rps, problems] = rounds[next++]!;
      return {
        title: 'Redemptions',
        figures: [
          { name: 'p50', value: p50, unit: 'ms' },
          { name: 'throughput', value: rps, unit: 'req/s', budget: { op: '>=', value: 50 } },
          { name: 'problems', value: problems, unit: 'problems', budget: { op: '<=', value: 0 } },
        ],
        notes: [`round ${next}`],
      };
    };
    const section = await medianOfRounds(3, run);
    expect(section.title).toBe('Redemptions, median of 3 rounds');
    expect(section.figures.map((f) => f.value)).toEqual([20, 50, 2]);
    expect(section.notes?.[0]).toBe('Per round: p50 30 / 10 / 20 ms; throughput 40 / 90 / 50 req/s; problems 0 / 2 / 0 problems.');
    expect(section.notes).toContain('last round: round 3');
  });
});
