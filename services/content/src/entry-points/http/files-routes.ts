import express, { Router, type RequestHandler } from 'express';
import { AppError } from '@kidslearn/lib-core';
import { messages } from '../../messages';
import type { HttpDeps } from './deps';

// Pictures are shown by the portal on another origin, so they may be embedded cross-origin.
const embeddable: RequestHandler = (_req, res, next) => {
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};

export function filesRoutes({ photos, config }: HttpDeps): Router {
  const router = Router();

  router.use('/assets/content', embeddable, express.static(config.ASSETS_DIR, { fallthrough: true, index: false, maxAge: '1d' }));

  router.get('/photos/:id', embeddable, async (req, res) => {
    const photo = await photos.find(String(req.params.id));
    if (!photo) throw AppError.notFound(messages.photo.notFound);
    res.setHeader('Content-Type', photo.contentType);
    // A child's photo: the browser may keep it, shared caches (the gateway's edge cache, proxies) may not.
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.send(photo.data);
  });

  return router;
}
