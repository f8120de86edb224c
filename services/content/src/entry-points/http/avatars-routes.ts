import { Router } from 'express';
import { z } from 'zod';
import { AppError } from '@kidslearn/lib-core';
import { validate } from '@kidslearn/lib-http';
import { changeAvatarSchema, isAllowedAvatar } from '../../domain/avatar';
import { messages } from '../../messages';
import type { HttpDeps } from './deps';

const emailParams = z.object({ email: z.string().trim().toLowerCase().min(1).max(254) });

export function avatarsRoutes({ guards, avatars, users }: HttpDeps): Router {
  const router = Router();

  router.get('/avaters', async (_req, res) => {
    res.json((await avatars.list()).map(({ img }) => ({ img })));
  });

  router.patch(
    '/avater/:email',
    guards.authenticate,
    guards.requireSelfOrAdmin('email'),
    validate({ params: emailParams, body: changeAvatarSchema }),
    async (req, res) => {
      const { email } = req.valid.params as z.infer<typeof emailParams>;
      const { img } = req.valid.body as z.infer<typeof changeAvatarSchema>;
      const [urls, ownPhoto] = await Promise.all([avatars.urls(), users.photoUrlOf(email)]);
      if (!isAllowedAvatar(img, urls, ownPhoto)) throw AppError.badRequest(messages.avatar.notAllowed);
      const user = await users.setAvatar(email, img);
      if (!user) throw AppError.notFound(messages.user.notFound);
      res.json(user);
    },
  );

  return router;
}
