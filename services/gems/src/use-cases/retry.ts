import { setTimeout as sleep } from 'node:timers/promises';

export const MAX_TRIES = 200;

/**
 * Runs `attempt` until it reports a committed write. Each try reads, decides and writes with a
 * version guard; a lost race just tries again after a short random pause.
 */
export async function retryOnConflict<T>(attempt: () => Promise<{ done: true; value: T } | { done: false }>): Promise<T> {
  for (let i = 0; i < MAX_TRIES; i += 1) {
    const result = await attempt();
    if (result.done) return result.value;
    await sleep(Math.random() * Math.min(20, 1 + i));
  }
  throw new Error('balance update gave up after too many concurrent writers');
}
