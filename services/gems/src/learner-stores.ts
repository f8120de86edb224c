import type { Connection, Model } from 'mongoose';
import type { Logger } from '@kidslearn/lib-core';
import { createErasureLog, eraseAgainAfterCopies, writeUnlessErased, type ErasureLog, type Outbox } from '@kidslearn/lib-mongo';
import { balanceRepository, type BalanceDoc, type BalanceRepository } from './data-access/balances';
import { learnerDataRepository } from './data-access/learner-data';
import type { LearnerDataStore } from './domain/ports';

export interface GemsLearnerStores {
  erasures: ErasureLog;
  balances: BalanceRepository;
  learnerData: LearnerDataStore;
  /** Runs a write about a learner unless the learner was erased after it originated (the consumers' guard). */
  unlessErased(email: string, originatedAt: string, write: () => Promise<unknown>): Promise<boolean>;
}

/**
 * gems' stores about learners, wired for erasure once (app.ts; tests as two instances): the tombstones, the balances,
 * and the learner's data as a whole. A balance change copies its ledger line and lesson best after it is written;
 * each copy is checked against the tombstones once it landed (lib-mongo eraseAgainAfterCopies), so a consumer checks
 * only a write that created a balance (entry-points/messaging/handlers.ts).
 */
export async function createLearnerStores(opts: { db: Connection; outboxOf: (model: Model<BalanceDoc>) => Outbox<BalanceDoc>; logger: Logger }): Promise<GemsLearnerStores> {
  const erasures = createErasureLog(opts.db);
  await erasures.model.init();
  await erasures.load();
  const eraseAgain = (email: string) => learnerData.erase(email);
  const afterCopies = eraseAgainAfterCopies({
    erasures,
    eraseAgain,
    onError: (err) => opts.logger.error({ err }, 'could not check copied ledger lines against erasures; trying again'),
  });
  const balances = balanceRepository(opts.db, opts.outboxOf, { afterCopies });
  await balances.init();
  const learnerData = learnerDataRepository(balances);
  return {
    erasures,
    balances,
    learnerData,
    unlessErased: (email, originatedAt, write) => writeUnlessErased(erasures, { email, originatedAt }, write, eraseAgain),
  };
}
