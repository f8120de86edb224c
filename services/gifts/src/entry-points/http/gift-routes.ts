import express, { Router } from 'express';
import type { GiftCatalog } from '../../domain/ports';

/** Public catalog: GET /gifts and the SPA's static GET /Gift.json (same list), plus the SVGs. */
export function giftRoutes(catalog: GiftCatalog, assetsDir: string): Router {
  const router = Router();
  const listGifts: express.RequestHandler = async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await catalog.list());
  };
  router.get('/gifts', listGifts);
  router.get('/Gift.json', listGifts);
  // The portal shows these pictures from another origin (CORP same-origin, helmet's default, blocks them).
  const embeddable = (res: express.Response) => res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  router.use('/assets/gifts', express.static(assetsDir, { maxAge: '1d', index: false, fallthrough: true, setHeaders: embeddable }));
  return router;
}
