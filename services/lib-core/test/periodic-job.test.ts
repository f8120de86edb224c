import { createLogger, createPeriodicJob } from '../src';

const logger = createLogger('test', 'silent');

describe('createPeriodicJob', () => {
  it('when a pass is asked for while one runs, then both callers get the same pass and it runs once', async () => {
    let release!: () => void;
    const runs: Date[] = [];
    const job = createPeriodicJob({
      name: 't',
      logger,
      run: (now) => {
        runs.push(now);
        return new Promise<number>((resolve) => (release = () => resolve(runs.length)));
      },
    });
    const now = new Date('2030-01-01T00:00:00Z');
    const first = job.runOnce(now);
    const second = job.runOnce(new Date());
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([1, 1]);
    expect(runs).toEqual([now]);
  });

  it('when started, then it runs every interval, survives a failed pass, and stop waits for the running pass', async () => {
    let calls = 0;
    let stopRequested!: () => void;
    const thirdStarted = new Promise<void>((resolve) => (stopRequested = resolve));
    const job = createPeriodicJob({
      name: 't',
      logger,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('first pass fails');
        if (calls === 3) stopRequested();
        return calls;
      },
    });
    job.start(5);
    await thirdStarted;
    await job.stop();
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(after).toBeGreaterThanOrEqual(3);
    expect(calls).toBe(after);
  });

  it('when the interval is 0, then it never runs by itself', async () => {
    const run = jest.fn(async () => 0);
    const job = createPeriodicJob({ name: 't', logger, run });
    job.start(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await job.stop();
    expect(run).not.toHaveBeenCalled();
  });
});
