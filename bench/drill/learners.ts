// Learner accounts for the drills: real Keycloak users (lib-testkit createLearner), created once and given
// a fresh token before each drill (tokens live 5 minutes).
import { createLearner, tokenFor, type TestUser } from '@kidslearn/lib-testkit';

export type Learner = Pick<TestUser, 'email' | 'password' | 'token'>;

async function inBatches<T>(count: number, concurrency: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await make(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return out;
}

const pool: Learner[] = [];

/** `count` learners, each with a token fresh now (more accounts are created when the pool is short). */
export async function learners(count: number): Promise<Learner[]> {
  const missing = count - pool.length;
  if (missing > 0) pool.push(...(await inBatches(missing, 10, () => createLearner())));
  const chosen = pool.slice(0, count);
  await inBatches(chosen.length, 10, async (i) => {
    chosen[i]!.token = await tokenFor(chosen[i]!.email, chosen[i]!.password);
  });
  return chosen;
}
