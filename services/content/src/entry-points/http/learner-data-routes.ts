import { Router, type Request, type RequestHandler } from 'express';
import { AppError, type Logger } from '@kidslearn/lib-core';
import { validate } from '@kidslearn/lib-http';
import { eraseUserByAdmin, type EraseLearnerDeps } from '../../use-cases/erase-learner';
import { exportLearner, type ExportLearnerDeps } from '../../use-cases/export-learner';
import { userIdParamsSchema } from '../../domain/user';
import type { UsersStore } from '../../domain/ports';
import { messages } from '../../messages';

export interface LearnerDataRouteDeps {
  guards: { authenticate: RequestHandler; requireAdmin: RequestHandler };
  users: Pick<UsersStore, 'findById'>;
  erase: EraseLearnerDeps;
  export: Omit<ExportLearnerDeps, 'users'>;
  logger: Logger;
}

const userIdOf = (req: Request) => (req.valid.params as { userId: string }).userId;

/** Erase and export a learner's data (docs/SECURITY.md "Children's data"). */
export function learnerDataRoutes(deps: LearnerDataRouteDeps): Router {
  const router = Router();
  const byId = validate({ params: userIdParamsSchema });

  // Admin only. 202: this service's part is done when it answers; quiz, gems and gifts erase theirs on learner.erased.
  router.delete('/users/:userId', deps.guards.authenticate, deps.guards.requireAdmin, byId, async (req, res) => {
    const { erasureId } = await eraseUserByAdmin({ ...deps.erase, users: deps.users }, req.auth.email, userIdOf(req));
    deps.logger.info({ userId: userIdOf(req), erasureId, by: req.auth.sub }, 'learner erased');
    res.status(202).json({ message: messages.learnerData.erased });
  });

  // An admin, or the learner themself: one JSON download with every service's part.
  router.get('/users/:userId/export', deps.guards.authenticate, byId, async (req, res) => {
    const authorization = req.get('authorization');
    if (!authorization) throw AppError.unauthorized();
    const userId = userIdOf(req);
    const body = await exportLearner({ ...deps.export, users: deps.users }, { email: req.auth.email, isAdmin: req.auth.isAdmin, authorization }, userId);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', `attachment; filename="kidslearn-learner-${userId}.json"`);
    res.json(body);
  });

  return router;
}
