// Issue 21 "Today's review" on My Classes: up to 5 questions from finished lessons, due on a spaced schedule
// (the quiz service chooses them), with a gentle streak of this week's days. Hidden while loading or when
// the review cannot be read (only logged).
import { useEffect, useId } from 'react';
import { useLearningApi, type LearnerLesson } from '../../api/learning-api';
import { messages } from '../../messages';
import { DailyReviewSteps } from './DailyReviewSteps';
import { WeekStreak } from './WeekStreak';

/** Today's review as read for the card: `settled` once its first answer (or failure) is in. */
export function useDailyReview() {
  const review = useLearningApi().useLearningDailyReviewQuery();
  useEffect(() => {
    if (review.isError) console.error("Loading today's review failed", review.error);
  }, [review.isError, review.error]);
  return { data: review.data, settled: !review.isLoading };
}
export type DailyReviewRead = ReturnType<typeof useDailyReview>;

export function DailyReviewCard({ review, lessons }: { review: DailyReviewRead; lessons: LearnerLesson[] }) {
  const headingId = useId();
  if (!review.data) return null;

  return (
    <section className="lrn-daily" aria-labelledby={headingId}>
      <div className="lrn-daily__top">
        <h2 id={headingId}>
          {messages.daily.heading}
        </h2>
        <WeekStreak daysThisWeek={review.data.daysThisWeek} />
      </div>
      <DailyReviewSteps review={review.data} lessons={lessons} />
    </section>
  );
}
