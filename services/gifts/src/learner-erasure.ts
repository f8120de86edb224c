import type { RequestHandler } from 'express';
import type { Connection, Model } from 'mongoose';
import { createPeriodicJob, type Logger, type PeriodicJob } from '@kidslearn/lib-core';
import { createErasureLog, erasedCallerGuard, type ErasureLog } from '@kidslearn/lib-mongo';
import type { GiftsConfig } from './config';
import { removeAddressesBefore } from './data-access/address-retention';
import { erasedRedemptionModel } from './data-access/erased-redemption-model';
import { learnerDataRepository } from './data-access/learner-data';
import type { RedemptionDoc } from './data-access/redemption-model';
import { expireDeliveryAddresses } from './domain/address-retention';
import type { LearnerDataStore } from './domain/ports';
import { messages } from './messages';

export interface LearnerErasure {
  erasures: ErasureLog;
  learnerData: LearnerDataStore;
  /** After the learner guard on POST /redemptions: refuses a token from before its learner's erasure. */
  guard: RequestHandler;
  /** The retention pass (delivery addresses); started with the service. */
  retention: PeriodicJob<number>;
}

/** Gifts' part of erasing, exporting and expiring a learner's data (README "Erase, export, retention"). */
export async function createLearnerErasure(db: Connection, redemptions: Model<RedemptionDoc>, config: GiftsConfig, logger: Logger): Promise<LearnerErasure> {
  const erasures = createErasureLog(db);
  const erased = erasedRedemptionModel(db);
  await Promise.all([erasures.model.init(), erased.init()]);
  await erasures.load();
  const learnerData = learnerDataRepository(redemptions, erased);
  return {
    erasures,
    learnerData,
    guard: erasedCallerGuard({
      erasures,
      message: messages.accountErased,
      eraseAgain: async (email) => void (await learnerData.erase(email, (await erasures.erasedAt(email)) ?? new Date())),
      onError: (err) => logger.error({ err }, 'could not re-check an erasure after a request'),
    }) as RequestHandler,
    retention: createPeriodicJob({
      name: 'gifts-address-retention',
      logger,
      run: async (now) => {
        const removed = await expireDeliveryAddresses((cutoff, at) => removeAddressesBefore(redemptions, cutoff, at), { days: config.DELIVERED_ADDRESS_RETENTION_DAYS, now });
        if (removed > 0) logger.info({ removed }, 'delivery addresses past their retention removed');
        return removed;
      },
    }),
  };
}
