import { Router } from 'express';
import { validate } from '@kidslearn/lib-http';
import { createLessonSchema, forAudience, type NewLesson } from '../../domain/lesson';
import { CACHE_KEYS, type HttpDeps } from './deps';

export function lessonsRoutes({ guards, cache, lessons, config, flushOutbox }: HttpDeps): Router {
  const router = Router();

  // Public. The cache holds the full lessons; correct answers are stripped for everyone but admins.
  router.get('/lessons', guards.optionalAuth, async (req, res) => {
    const all = await cache.getOrLoad(CACHE_KEYS.lessons, config.LESSONS_CACHE_SECONDS, () => lessons.list());
    res.setHeader('Vary', 'Authorization');
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(forAudience(all, req.auth?.isAdmin === true));
  });

  router.post('/lessons', guards.authenticate, guards.requireAdmin, validate({ body: createLessonSchema }), async (req, res) => {
    const lesson = await lessons.create(req.valid.body as NewLesson);
    await cache.invalidate(CACHE_KEYS.lessons);
    flushOutbox();
    res.status(201).json(lesson);
  });

  return router;
}
