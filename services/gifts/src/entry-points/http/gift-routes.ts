import express, { Router } from 'express';
import type { GiftCatalog } from '../../domain/ports';

/** Public catalog: GET /gifts and the SPA's static GET /Gift.json (same list), plus the SVGs. */
export function giftRoutes(catalog: () => GiftCatalog, assetsDir: string): Router {
  const router = Router();
  const listGifts: express.RequestHandler = async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await catalog().list());
  };
  router.get('/gifts', listGifts);
  router.get('/Gift.json', listGifts);
  router.use('/assets/gifts', express.static(assetsDir, { maxAge: '1d', index: false, fallthrough: true }));
  return router;
}
