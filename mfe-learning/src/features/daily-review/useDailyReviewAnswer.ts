// Sends one answer of today's review. The reply carries the review as it stands now, which becomes the cached
// GET /daily-review (this area's own entry). The day's gem (the first full review) is credited by the gems
// service from an event, a moment later: the navbar's balance is read again until it shows that gem.
import { useGemBalance } from '@kidslearn/kit/platform';
import type { DailyReview, DailyReviewAnswerInput } from '../../api/learning-api';
import { learningArea } from '../../api/learning-api';

export function useDailyReviewAnswer() {
  const { platform, api } = learningArea.useArea();
  const [sendAnswer, { isLoading }] = api.useLearningAnswerDailyReviewMutation();
  const gems = useGemBalance();

  /** Resolves whether this answer earned the day's gem. */
  const answer = async (input: DailyReviewAnswerInput, before: DailyReview): Promise<{ gemEarnedNow: boolean }> => {
    const reply = await sendAnswer(input).unwrap();
    platform.store.dispatch(api.util.upsertQueryData('learningDailyReview', undefined, reply.review));
    const gemEarnedNow = reply.review.gemEarned && !before.gemEarned;
    if (gemEarnedNow) void gems.awaitCredit(1);
    return { gemEarnedNow };
  };
  return { answer, answering: isLoading };
}
