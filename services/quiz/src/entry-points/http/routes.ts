import { Router, type RequestHandler } from 'express';
import { AppError } from '@kidslearn/lib-core';
import { validate, validInput } from '@kidslearn/lib-http';
import type { AnswerKeyRepository } from '../../data-access/answer-keys';
import type { BestRepository, StandingRow } from '../../data-access/bests';
import { submitQuiz, type SubmitQuizDeps } from '../../use-cases/submit-quiz';
import { messages } from '../../messages';
import { rewardFor } from '../../domain/scoring';
import { quizResultBody, standingsParams } from './schemas';

export interface QuizRouteDeps extends SubmitQuizDeps {
  answerKeys: AnswerKeyRepository;
  bests: BestRepository;
  learner: RequestHandler[];
  signedIn: RequestHandler[];
  idempotent: RequestHandler[];
  cachedStandings: (lessonId: string, load: () => Promise<StandingRow[]>) => Promise<StandingRow[]>;
  /** Seconds the gateway may share one standings answer between signed-in callers (0: never). */
  standingsEdgeCacheSeconds: number;
}

export function quizRoutes(deps: QuizRouteDeps): Router {
  const router = Router();

  router.post('/quiz-results', ...deps.learner, validate({ body: quizResultBody }), ...deps.idempotent, async (req, res) => {
    const { body } = validInput(req, { body: quizResultBody });
    const { sub, email, name } = req.auth;
    const result = await submitQuiz(deps, { sub, email: email.toLowerCase(), name: name || email }, body.quizId, body.answers);
    res.status(201).json(result);
  });

  // The learner's own attempts: per lesson the best score and the reward it earned, so 'Done' survives a
  // reload and another device. Own data only: the learner is who the token says.
  router.get('/quiz-results/mine', ...deps.learner, async (req, res) => {
    const rows = await deps.bests.mine(req.auth.email.toLowerCase());
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(rows.map(({ lessonId, standingId, score, total, achievedAt }) => ({ lessonId, standingId, score, total, reward: rewardFor(score, total), at: achievedAt.toISOString() })));
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
