import type { RequestHandler, Router } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from '@kidslearn/lib-core';
import { createErasureLog, erasedCallerGuard, writeUnlessErased, type ErasureLog } from '@kidslearn/lib-mongo';
import type { LearnerDataStore } from './domain/ports';
import { learnerDataRoutes } from './entry-points/http/learner-data-routes';
import { messages } from './messages';
import { eraseLearnerData } from './use-cases/erase-learner';

export interface LearnerErasure {
  erasures: ErasureLog;
  /** After authentication on learners' routes: refuses a token from before its learner's erasure. */
  guard: RequestHandler;
  /** The same for a read that may write (GET /daily-review makes the day's set): checked as a write is. */
  writingReadGuard: RequestHandler;
  /** GET /learner-data/{email} (export). */
  routes: Router;
  /** Runs a write about a learner unless the learner was erased after it originated (user.profile.changed). */
  unlessErased(email: string, originatedAt: string, write: () => Promise<unknown>): Promise<boolean>;
}

/** Quiz's part of erasing and exporting a learner (README "Erase, export"), wired once by app.ts. */
export async function createLearnerErasure(opts: {
  db: Connection;
  learnerData: LearnerDataStore;
  standingsChanged: (lessonId: string) => Promise<void>;
  selfOrAdmin: RequestHandler[];
  logger: Logger;
}): Promise<LearnerErasure> {
  const erasures = createErasureLog(opts.db);
  await erasures.model.init();
  await erasures.load();
  const eraseAgain = (email: string) => eraseLearnerData(opts, email);
  const guard = erasedCallerGuard({
    erasures,
    message: messages.accountErased,
    eraseAgain,
    onError: (err) => opts.logger.error({ err }, 'could not re-check an erasure after a request'),
  });
  return {
    erasures,
    guard: guard as RequestHandler,
    // The database is asked (another instance may have recorded the erasure), and asked again once answered.
    writingReadGuard: (req, res, next) => guard({ method: 'POST', auth: req.auth }, res, next),
    routes: learnerDataRoutes({ learnerData: opts.learnerData, selfOrAdmin: opts.selfOrAdmin }),
    unlessErased: (email, originatedAt, write) => writeUnlessErased(erasures, { email, originatedAt }, write, eraseAgain),
  };
}
