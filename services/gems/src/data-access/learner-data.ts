import type { GemsLearnerData, LearnerDataStore } from '../domain/ports';
import type { BalanceRepository } from './balances';

/** Placed where an erased admin's email stood on other learners' adjustment lines. */
export const ERASED_ADMIN = 'erased';

/** A learner's gems data, read for an export or removed for an erasure (balance, ledger, lesson bests). */
export function learnerDataRepository(balances: BalanceRepository): LearnerDataStore {
  const iso = (at: Date | string) => new Date(at).toISOString();
  return {
    async exportOf(email: string): Promise<GemsLearnerData> {
      const [balance, ledger, bests] = await Promise.all([
        balances.find(email),
        balances.ledgerOf(email),
        balances.lessonBestModel.find({ email }, { lessonId: 1, best: 1 }).lean().exec(),
      ]);
      return {
        balance: balance ? { gems: balance.gems, createdAt: iso(balance.createdAt) } : null,
        ledger: ledger.entries.map(({ ref, kind, amount, balance: after, lessonId, at }) => ({ ref, kind, amount, balance: after, ...(lessonId ? { lessonId } : {}), at: iso(at) })),
        lessonBests: bests.map(({ lessonId, best }) => ({ lessonId, best })),
      };
    },

    /**
     * Deletes the balance (with its pending line, best and unsent events: their news is about an erased
     * learner), the ledger and the lesson bests; an admin's email on others' adjustment lines is replaced.
     * Idempotent: a re-run deletes whatever appeared since.
     */
    async erase(email: string): Promise<void> {
      await balances.forget(email);
      await balances.model.deleteOne({ _id: email }).exec();
      await Promise.all([
        balances.ledgerModel.deleteMany({ email }).exec(),
        balances.lessonBestModel.deleteMany({ email }).exec(),
        balances.ledgerModel.updateMany({ by: email }, { $set: { by: ERASED_ADMIN } }).exec(),
      ]);
    },
  };
}
