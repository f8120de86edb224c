import { attribute, describeCpuPerLoop, startCpuMeter, type Seen } from './cpu-meter';

describe('attribute', () => {
  it('when processes are sampled twice, then each part gains only what its processes used since the last sample', () => {
    const seen: Seen = new Map([
      [10, 100],
      [20, 50],
    ]);
    const totals: Record<string, number> = {};
    const parts = { quiz: { pids: [10] }, FerretDB: { groups: [7] } };
    attribute(
      [
        { pid: 10, pgid: 10, ticks: 130 },
        { pid: 20, pgid: 7, ticks: 80 },
        { pid: 30, pgid: 30, ticks: 999 },
      ],
      seen,
      parts,
      totals,
    );
    attribute([{ pid: 10, pgid: 10, ticks: 135 }], seen, parts, totals);
    expect(totals).toEqual({ quiz: 35, FerretDB: 30 });
    expect(seen.get(30)).toBe(999);
  });

  it('when an instance is restarted under a new pid, then the new process counts from its start and the dead one adds nothing more', () => {
    const seen: Seen = new Map([[10, 500]]);
    const totals: Record<string, number> = {};
    attribute([{ pid: 11, pgid: 11, ticks: 40 }], seen, { quiz: { pids: [11] } }, totals);
    expect(totals).toEqual({ quiz: 40 });
  });
});

describe('describeCpuPerLoop', () => {
  it('when parts used CPU over loops, then each is given per loop, busiest first, with the total and the cores used', () => {
    expect(describeCpuPerLoop({ quiz: 2000, gifts: 3000, Redis: 0 }, 100, 10)).toBe('gifts 30, quiz 20, Redis 0; all 50 ms (0.5 cores)');
  });
});

describe('startCpuMeter', () => {
  it('when this process burns CPU while metered, then its part shows at least most of it', () => {
    const meter = startCpuMeter({ self: () => ({ pids: [process.pid] }), nobody: () => ({}) });
    const started = process.cpuUsage();
    for (let spent = 0; spent < 300_000; spent = process.cpuUsage(started).user) Math.sqrt(Math.random());
    const totals = meter.stop();
    expect(totals.nobody).toBe(0);
    expect(totals.self).toBeGreaterThanOrEqual(200);
  });
});
