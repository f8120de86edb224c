import { oneAtATimePerKey } from '../src/use-cases/one-at-a-time';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('one task at a time per key', () => {
  it('when tasks share a key, then each starts after the one before ended, in order; other keys do not wait', async () => {
    const run = oneAtATimePerKey();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([run('lina', task('a1')), run('lina', task('a2')), run('omar', task('b1'))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('when a task fails, then its caller gets the error and the next task of the key still runs', async () => {
    const run = oneAtATimePerKey();
    const failing = run('lina', async () => {
      throw new Error('database away');
    });
    const next = run('lina', async () => 'ran');
    await expect(failing).rejects.toThrow('database away');
    await expect(next).resolves.toBe('ran');
  });
});
