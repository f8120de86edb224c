// Issue 21 "Practice": a finished lesson's questions again, as often as the child likes. The answer key is the
// review of their own attempt (GET /quiz-results/{lessonId}/review), fetched once and kept for every run.
import { useEffect, useState } from 'react';
import { Spinner } from '@kidslearn/kit/ui';
import { useLearningApi, type LearnerLesson } from '../../api/learning-api';
import { messages } from '../../messages';
import { useFocusOnShow } from '../classes/useFocusOnShow';
import { PracticeRun } from './PracticeRun';

export function PracticeView({ lesson, onSeeAnswers }: { lesson: LearnerLesson; onSeeAnswers: () => void }) {
  const review = useLearningApi().useLearningAnswerReviewQuery(lesson._id);
  const heading = useFocusOnShow<HTMLHeadingElement>(lesson._id);
  const [run, setRun] = useState(0);
  useEffect(() => {
    if (review.isError) console.error('Loading the practice answers failed', review.error);
  }, [review.isError, review.error]);

  return (
    <div className="lrn-practice">
      <h2 ref={heading} tabIndex={-1}>
        {messages.practice.heading(lesson.lessonHeading)}
      </h2>
      <p className="lrn-intro">{messages.practice.intro}</p>
      {review.isLoading ? (
        <Spinner label={messages.loading} />
      ) : review.data ? (
        <PracticeRun key={run} lesson={lesson} review={review.data} focusFirst={run > 0} onAgain={() => setRun(run + 1)} onSeeAnswers={onSeeAnswers} />
      ) : (
        <p className="lrn-note">{messages.practice.unavailable}</p>
      )}
    </div>
  );
}
