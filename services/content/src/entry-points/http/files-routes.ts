import express, { Router, type RequestHandler } from 'express';
import { AppError } from '@kidslearn/lib-core';
import { canSeePhoto } from '../../domain/photo-access';
import { messages } from '../../messages';
import type { HttpDeps } from './deps';

// Avatars are shown by the portal on another origin, so they may be embedded cross-origin.
const embeddable: RequestHandler = (_req, res, next) => {
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};

export function filesRoutes({ photos, config, guards, families }: HttpDeps): Router {
  const router = Router();

  router.use('/assets/content', embeddable, express.static(config.ASSETS_DIR, { fallthrough: true, index: false, maxAge: '1d' }));

  // Signed in, and the child it shows, their consenting parent or an admin; anyone else is told it does not exist.
  router.get('/photos/:id', guards.authenticate, async (req, res) => {
    const photo = await photos.find(String(req.params.id));
    const ownView = photo?.owner === req.auth.email;
    const link = photo && !ownView && families ? await families.byChild(photo.owner) : null;
    const family = { consentRequired: config.PARENT_CONSENT === 'required', consentedParent: link?.status === 'consented' ? link.parentEmail : null };
    if (!photo || !canSeePhoto(req.auth, photo.owner, family)) throw AppError.notFound(messages.photo.notFound);
    res.setHeader('Content-Type', photo.contentType);
    // A child's photo: no cache, shared or private, keeps a copy.
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.send(photo.data);
  });

  return router;
}
