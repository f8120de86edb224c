import type { RequestHandler, Router } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from '@kidslearn/lib-core';
import type { EventBus } from '@kidslearn/lib-events';
import { createErasureLog, erasedCallerGuard, writeUnlessErased } from '@kidslearn/lib-mongo';
import type { AttemptRepository } from './data-access/attempts';
import type { BestRepository } from './data-access/bests';
import type { DisplayNameRepository } from './data-access/display-names';
import { learnerDataRepository } from './data-access/learner-data';
import { learnerDataRoutes } from './entry-points/http/learner-data-routes';
import { subscribeErasureConsumer } from './entry-points/messaging/erasure-consumer';
import type { UnlessErased } from './entry-points/messaging/profile-handler';
import { messages } from './messages';
import { eraseLearnerData } from './use-cases/erase-learner';

export interface LearnerErasure {
  /** After authentication on learners' routes: refuses a token from before its learner's erasure. */
  guard: RequestHandler;
  /** GET /learner-data/{email} (export). */
  routes: Router;
  /** Wraps a write about a learner that originated at a given time (user.profile.changed). */
  unlessErased: UnlessErased;
  /** Starts consuming learner.erased. */
  subscribe(bus: EventBus): Promise<void>;
}

/** Quiz's part of erasing and exporting a learner (README "Erase, export"), wired once by app.ts. */
export async function createLearnerErasure(opts: {
  db: Connection;
  attempts: AttemptRepository;
  bests: BestRepository;
  displayNames: DisplayNameRepository;
  invalidateStandings: (lessonId: string) => Promise<unknown>;
  selfOrAdmin: RequestHandler[];
  logger: Logger;
}): Promise<LearnerErasure> {
  const erasures = createErasureLog(opts.db);
  await erasures.model.init();
  await erasures.load();
  const learnerData = learnerDataRepository(opts);
  const deps = { erasures, learnerData, invalidateStandings: async (lessonId: string) => void (await opts.invalidateStandings(lessonId)) };
  const eraseAgain = (email: string) => eraseLearnerData(deps, email);
  return {
    guard: erasedCallerGuard({
      erasures,
      message: messages.accountErased,
      eraseAgain,
      onError: (err) => opts.logger.error({ err }, 'could not re-check an erasure after a request'),
    }) as RequestHandler,
    routes: learnerDataRoutes({ learnerData, selfOrAdmin: opts.selfOrAdmin }),
    unlessErased: (email, originatedAt, write) => writeUnlessErased(erasures, { email, originatedAt }, write, eraseAgain),
    subscribe: (bus) => subscribeErasureConsumer(bus, deps),
  };
}
