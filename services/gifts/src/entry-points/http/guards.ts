import { AppError } from '@kidslearn/lib-core';
import type { createAuth } from '@kidslearn/lib-auth';
import type { RequestHandler } from 'express';
import { messages } from '../../messages';

type Auth = ReturnType<typeof createAuth>;

/** A 401 from the auth layer becomes the gifts screen's wording (SPEC §5 Redeem). */
function withLoginMessage(authenticate: RequestHandler): RequestHandler {
  return (req, res, next) =>
    authenticate(req, res, (err?: unknown) => {
      const status = (err as { status?: number } | undefined)?.status;
      next(status === 401 ? AppError.unauthorized(messages.loginToRedeem) : err);
    });
}

export const learnerGuard = (auth: Auth): RequestHandler[] => [withLoginMessage(auth.authenticate), auth.requireLearner];
export const adminGuard = (auth: Auth): RequestHandler[] => [auth.authenticate, auth.requireAdmin];

/** Families: a signed-in parent (403 with lib-service's wording for anyone else, as every service's /family routes). */
export const parentGuard = (auth: Auth): RequestHandler[] => [
  auth.authenticate,
  (req, _res, next) => next(req.auth.isParent ? undefined : AppError.forbidden(messages.parentsOnly)),
];
