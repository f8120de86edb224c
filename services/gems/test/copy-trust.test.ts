import { copyTrust } from '../src/data-access/copy-trust';

describe('copyTrust', () => {
  it('when the copies keep being written, then they are used', () => {
    const trust = copyTrust({ window: 10, maxStaleShare: 0.2 });
    for (let i = 0; i < 50; i += 1) {
      expect(trust.use()).toBe(true);
      trust.record(true);
    }
  });

  it('when many lose (another instance writes the same balances), then only every probeEvery-th uses its copy', () => {
    const trust = copyTrust({ window: 10, maxStaleShare: 0.2, probeEvery: 5 });
    for (let i = 0; i < 10; i += 1) trust.record(i % 2 === 0);
    const uses = Array.from({ length: 20 }, () => trust.use());
    expect(uses.filter(Boolean)).toHaveLength(4);
    expect(uses[4]).toBe(true);
    expect(uses[0]).toBe(false);
  });

  it('when the probes are written again (the other instance went), then copies are used again once the stale ones left the window', () => {
    const trust = copyTrust({ window: 10, maxStaleShare: 0.2, probeEvery: 1 });
    for (let i = 0; i < 10; i += 1) trust.record(false);
    expect(trust.use()).toBe(true); // probeEvery 1: every change probes
    for (let i = 0; i < 8; i += 1) trust.record(true);
    // 2 of the last 10 lost: within 20 %
    expect(trust.use()).toBe(true);
    const strict = copyTrust({ window: 10, maxStaleShare: 0.2, probeEvery: 100 });
    for (let i = 0; i < 10; i += 1) strict.record(false);
    expect(strict.use()).toBe(false);
    for (let i = 0; i < 8; i += 1) strict.record(true);
    expect(strict.use()).toBe(true);
  });
});
