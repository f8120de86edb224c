import { Router, type RequestHandler } from 'express';
import type { OwnResult, StandingRow } from '@kidslearn/contracts';
import { AppError } from '@kidslearn/lib-core';
import { validate, validInput } from '@kidslearn/lib-http';
import { IDEMPOTENCY_KEY } from '../../domain/ids';
import { rewardFor } from '../../domain/scoring';
import { messages } from '../../messages';
import { submitQuiz, type SubmitQuizDeps } from '../../use-cases/submit-quiz';
import { quizResultBody, standingsParams } from './schemas';

export interface QuizRouteDeps extends SubmitQuizDeps {
  learner: RequestHandler[];
  signedIn: RequestHandler[];
  /** POST /quiz-results only: a per-learner rate limit. */
  limited: RequestHandler[];
  cachedStandings: (lessonId: string, load: () => Promise<StandingRow[]>) => Promise<StandingRow[]>;
  /** Seconds the gateway may share one standings answer between signed-in callers (0: never). */
  standingsEdgeCacheSeconds: number;
}

export function quizRoutes(deps: QuizRouteDeps): Router {
  const router = Router();

  // Idempotency-Key: the attempt's id is derived from it (use-cases/submit-quiz.ts), so a retry on any instance
  // answers the same attempt; the database decides, no replay store is needed.
  router.post('/quiz-results', ...deps.learner, validate({ body: quizResultBody }), ...deps.limited, async (req, res) => {
    const { body } = validInput(req, { body: quizResultBody });
    const key = req.get('idempotency-key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw AppError.badRequest(messages.idempotencyKeyInvalid);
    const { sub, email, name } = req.auth;
    const result = await submitQuiz(deps, { sub, email: email.toLowerCase(), name: name || email }, body.quizId, body.answers, key);
    res.status(201).json(result);
  });

  // The learner's own attempts: per lesson the best score and the reward it earned, so 'Done' survives a
  // reload and another device. Own data only: the learner is who the token says.
  router.get('/quiz-results/mine', ...deps.learner, async (req, res) => {
    const rows = await deps.bests.mine(req.auth.email.toLowerCase());
    res.setHeader('Cache-Control', 'private, no-store');
    const results: OwnResult[] = rows.map(({ lessonId, standingId, score, total, achievedAt }) => ({ lessonId, standingId, score, total, reward: rewardFor(score, total), at: achievedAt.toISOString() }));
    res.json(results);
  });

  router.get('/standings/:lessonId', ...deps.signedIn, validate({ params: standingsParams }), async (req, res) => {
    const { params } = validInput(req, { params: standingsParams });
    if (!(await deps.answerKeys.find(params.lessonId))) throw AppError.notFound(messages.lessonNotFound);
    // The same list for every signed-in caller, so the edge may share it among them for a moment.
    res.setHeader('Cache-Control', deps.standingsEdgeCacheSeconds > 0 ? `max-age=0, s-maxage=${deps.standingsEdgeCacheSeconds}` : 'no-store');
    res.json(await deps.cachedStandings(params.lessonId, () => deps.bests.standings(params.lessonId)));
  });

  return router;
}
