import type { RequestHandler } from 'express';
import type { Connection, Model } from 'mongoose';
import { createPeriodicJob, type Logger, type PeriodicJob } from '@kidslearn/lib-core';
import type { EventBus } from '@kidslearn/lib-events';
import { createErasureLog, erasedCallerGuard } from '@kidslearn/lib-mongo';
import type { GiftsConfig } from './config';
import { removeAddressesBefore } from './data-access/address-retention';
import { erasedRedemptionModel } from './data-access/erased-redemption-model';
import { learnerDataRepository, type LearnerDataRepository } from './data-access/learner-data';
import type { RedemptionDoc } from './data-access/redemption-model';
import { expireDeliveryAddresses } from './domain/address-retention';
import { erasureHandler, LEARNER_ERASED } from './entry-points/messaging/erasure-consumer';
import { messages } from './messages';

export interface LearnerErasure {
  learnerData: LearnerDataRepository;
  /** After the learner guard on POST /redemptions: refuses a token from before its learner's erasure. */
  guard: RequestHandler;
  /** The retention pass (delivery addresses); `start`ed with the service. */
  retention: PeriodicJob<number>;
  subscribe(bus: EventBus): Promise<void>;
}

/** Gifts' part of erasing, exporting and expiring a learner's data (README "Erase, export, retention"). */
export async function createLearnerErasure(mongo: Connection, redemptions: Model<RedemptionDoc>, config: GiftsConfig, logger: Logger): Promise<LearnerErasure> {
  const erasures = createErasureLog(mongo);
  const erased = erasedRedemptionModel(mongo);
  await Promise.all([erasures.model.init(), erased.init()]);
  await erasures.load();
  const learnerData = learnerDataRepository(redemptions, erased, config.PUBLIC_URL);
  const deps = { erasures, learnerData };
  const retention = createPeriodicJob({
    name: 'gifts-address-retention',
    logger,
    run: async (now) => {
      const removed = await expireDeliveryAddresses((cutoff, at) => removeAddressesBefore(redemptions, cutoff, at), { days: config.DELIVERED_ADDRESS_RETENTION_DAYS, now });
      if (removed > 0) logger.info({ removed }, 'delivery addresses past their retention removed');
      return removed;
    },
  });
  return {
    learnerData,
    guard: erasedCallerGuard({
      erasures,
      message: messages.accountErased,
      eraseAgain: async (email) => void (await learnerData.erase(email, (await erasures.erasedAt(email)) ?? new Date())),
      onError: (err) => logger.error({ err }, 'could not re-check an erasure after a request'),
    }) as RequestHandler,
    retention,
    subscribe: (bus) => bus.subscribe(LEARNER_ERASED, erasureHandler(deps)),
  };
}
