import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { AppError } from '@kidslearn/lib-core';
import type { RoleChangeLease, RoleChangeLock } from '../domain/admin-roles';
import { messages } from '../messages';
import type { Models } from './models';

const LOCK_ID = 'role-change';
const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

export interface RoleChangeLockOptions {
  /**
   * How long a holder owns the lock without confirming it. Longer than the work between two
   * confirmations (a few Keycloak calls of at most 5 s each), so only a crashed or stuck holder loses it.
   */
  ttlMs?: number;
  /** How long a change waits for the lock before answering 503. */
  waitMs?: number;
}

/**
 * One lock document for every role change, in this service's database, so that any number of
 * instances take turns. Taking it is one guarded single-document update: "free or expired → mine"
 * (an upsert, so the first one creates the document; a holder that is not free makes the upsert's
 * insert collide on `_id`, which means "busy"). Only the holder can extend or free it. A holder that
 * crashed is replaced once its `expiresAt` has passed.
 */
export function createRoleChangeLock({ RoleChangeLock: Lock }: Models, { ttlMs = 20_000, waitMs = 15_000 }: RoleChangeLockOptions = {}): RoleChangeLock {
  const tryTake = async (holder: string): Promise<boolean> => {
    const now = Date.now();
    try {
      await Lock.updateOne(
        { _id: LOCK_ID, $or: [{ holder: null }, { expiresAt: { $lte: new Date(now) } }] },
        { $set: { holder, expiresAt: new Date(now + ttlMs) } },
        { upsert: true },
      );
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  };

  const extend = async (holder: string): Promise<boolean> =>
    (await Lock.updateOne({ _id: LOCK_ID, holder }, { $set: { expiresAt: new Date(Date.now() + ttlMs) } })).matchedCount === 1;

  const free = (holder: string) => Lock.updateOne({ _id: LOCK_ID, holder }, { $set: { holder: null, expiresAt: null } });

  return {
    async run(change) {
      const holder = randomUUID();
      const giveUpAt = Date.now() + waitMs;
      for (let pause = 20; !(await tryTake(holder)); pause = Math.min(pause * 2, 250)) {
        if (Date.now() + pause > giveUpAt) throw AppError.unavailable(messages.user.roleChangeBusy);
        await delay(pause);
      }
      const lease: RoleChangeLease = {
        async confirm() {
          if (!(await extend(holder))) throw AppError.unavailable(messages.user.roleChangeBusy);
        },
      };
      try {
        return await change(lease);
      } finally {
        // A failed release only delays the next change until the lock expires.
        await free(holder).catch(() => undefined);
      }
    },
  };
}
