import { Router, type Request, type RequestHandler } from 'express';
import { validate, validInput } from '@kidslearn/lib-http';
import { lessonProgress, recordPracticeRun, type PracticeDeps } from '../../use-cases/practice';
import { reviewOwnAttempt } from '../../use-cases/review-attempt';
import type { BestStore } from '../../domain/ports';
import { lessonParams, practiceRunBody } from './learning-schemas';

export interface LearningRouteDeps extends PracticeDeps {
  bests: BestStore;
  /** authenticated, not an admin, not erased: the learner is the token's lower-cased email */
  learner: RequestHandler[];
  /** "now" of a request (clock.ts) */
  now: (req: Request) => Date;
}

const learnerOf = (req: Request) => req.auth.email.toLowerCase();

/** After a quiz (issue 21): the progress per lesson, the review of one's own attempt, practice runs. Own data only. */
export function learningRoutes(deps: LearningRouteDeps): Router {
  const router = Router();

  // Before any /quiz-results/:lessonId/… route.
  router.get('/quiz-results/progress', ...deps.learner, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await lessonProgress(deps, learnerOf(req)));
  });

  router.get('/quiz-results/:lessonId/review', ...deps.learner, validate({ params: lessonParams }), async (req, res) => {
    const { params } = validInput(req, { params: lessonParams });
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await reviewOwnAttempt(deps, learnerOf(req), params.lessonId));
  });

  router.post('/practice-results', ...deps.learner, validate({ body: practiceRunBody }), async (req, res) => {
    const { body } = validInput(req, { body: practiceRunBody });
    res.status(201).json(await recordPracticeRun(deps, learnerOf(req), body.lessonId, body.answers, deps.now(req)));
  });

  return router;
}
