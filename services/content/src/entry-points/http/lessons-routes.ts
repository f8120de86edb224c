import { Router } from 'express';
import { AppError } from '@kidslearn/lib-core';
import { validate } from '@kidslearn/lib-http';
import { messages } from '../../messages';
import { createLessonSchema, forAudience, type LessonView, type NewLesson } from '../../domain/lesson';
import { CACHE_KEYS, type HttpDeps } from './deps';

export function lessonsRoutes({ guards, cache, lessons, config }: HttpDeps): Router {
  const router = Router();

  // Public. The cache holds the full lessons; correct answers are stripped for everyone but admins.
  router.get('/lessons', guards.optionalAuth, async (req, res) => {
    const all = await cache.getOrLoad<LessonView[]>(CACHE_KEYS.lessons, config.LESSONS_CACHE_SECONDS, () => lessons.list());
    res.setHeader('Vary', 'Authorization');
    // Visitors all get the same answer-free list: a shared cache (the gateway) may keep it briefly.
    // Signed-in answers differ by role (admins see correct answers), so they are never stored.
    res.setHeader('Cache-Control', req.auth ? 'private, no-store' : `public, max-age=0, s-maxage=${config.LESSONS_EDGE_CACHE_SECONDS}`);
    res.json(forAudience(all, req.auth?.isAdmin === true));
  });

  router.post('/lessons', guards.authenticate, guards.requireAdmin, validate({ body: createLessonSchema }), async (req, res) => {
    const lesson = await lessons.create(req.valid.body as NewLesson);
    await cache.invalidate(CACHE_KEYS.lessons);
    res.status(201).json(lesson);
  });

  // An admin takes a lesson away (a mistaken one, or what a test made): no longer listed or announced, and quiz
  // stops taking and ranking it once lesson.deleted arrives. Attempts and gems already earned stay.
  router.delete('/lessons/:lessonId', guards.authenticate, guards.requireAdmin, async (req, res) => {
    if (!(await lessons.remove(String(req.params.lessonId)))) throw AppError.notFound(messages.lessonNotFound);
    await cache.invalidate(CACHE_KEYS.lessons);
    res.status(204).end();
  });

  return router;
}
