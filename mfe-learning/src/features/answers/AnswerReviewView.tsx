// Issue 21 "See your answers": the child's own attempt, question by question, after the SPEC's result dialog
// (and again later from a finished lesson). The answer key comes only now, after the attempt.
import { useEffect } from 'react';
import { Button, Spinner } from '@kidslearn/kit/ui';
import { useLearningApi, type LearnerLesson } from '../../api/learning-api';
import { messages } from '../../messages';
import { useFocusOnShow } from '../classes/useFocusOnShow';
import { ReviewedQuestionItem } from './ReviewedQuestionItem';

export function AnswerReviewView({ lesson, onPractice }: { lesson: LearnerLesson; onPractice: () => void }) {
  const review = useLearningApi().useLearningAnswerReviewQuery(lesson._id);
  const heading = useFocusOnShow<HTMLHeadingElement>(lesson._id);
  useEffect(() => {
    if (review.isError) console.error('Loading the answers review failed', review.error);
  }, [review.isError, review.error]);
  const questions = (review.data?.questions ?? []).filter((reviewed) => lesson.quiz[reviewed.index] !== undefined);

  return (
    <div className="lrn-answers">
      <h2 ref={heading} tabIndex={-1}>
        {messages.answers.heading(lesson.lessonHeading)}
      </h2>
      {review.isLoading ? (
        <Spinner label={messages.loading} />
      ) : !review.data ? (
        <p className="lrn-note">{messages.answers.unavailable}</p>
      ) : (
        <>
          <p className="lrn-score">{messages.answers.score(review.data.score, review.data.total)}</p>
          <ol className="lrn-reviewed-list">
            {questions.map((reviewed) => (
              <ReviewedQuestionItem key={reviewed.index} question={lesson.quiz[reviewed.index]!} reviewed={reviewed} />
            ))}
          </ol>
          <Button variant="secondary" size="lg" onClick={onPractice}>
            {messages.practice.practice}
          </Button>
        </>
      )}
    </div>
  );
}
