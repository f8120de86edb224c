import { Router, type Request, type RequestHandler } from 'express';
import { validate, validInput } from '@kidslearn/lib-http';
import { dayOf } from '../../domain/review-schedule';
import { answerDailyReview } from '../../use-cases/answer-daily-review';
import { dailyReviewView, todaysReview, type DailyReviewDeps } from '../../use-cases/daily-review';
import { dailyReviewAnswerBody } from './learning-schemas';

export interface DailyReviewRouteDeps extends DailyReviewDeps {
  /** a learner, checked against erasures as a write (the day's first read writes the day's set) */
  learner: RequestHandler[];
  /** "now" of a request (clock.ts): the learner's day is its UTC date */
  now: (req: Request) => Date;
}

/** Today's spaced review (issue 21): its questions, and one answer at a time. Own data only. */
export function dailyReviewRoutes(deps: DailyReviewRouteDeps): Router {
  const router = Router();
  const learnerOf = (req: Request) => req.auth.email.toLowerCase();

  router.get('/daily-review', ...deps.learner, async (req, res) => {
    const now = deps.now(req);
    const email = learnerOf(req);
    const review = await todaysReview(deps, email, now);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await dailyReviewView(deps, email, dayOf(now), review));
  });

  router.post('/daily-review/answers', ...deps.learner, validate({ body: dailyReviewAnswerBody }), async (req, res) => {
    const { body } = validInput(req, { body: dailyReviewAnswerBody });
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await answerDailyReview(deps, learnerOf(req), body, deps.now(req)));
  });

  return router;
}
