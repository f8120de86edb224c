// The viewer on the left of /my-classes: what the learner chose (SPEC §4), a finished lesson's answers or
// practice (issue 21), and otherwise today's review above 'Select a lesson video or quiz'.
import type { Dispatch } from 'react';
import type { LearnerLesson } from '../../api/learning-api';
import { messages } from '../../messages';
import { AnswerReviewView } from '../answers/AnswerReviewView';
import { DailyReviewCard, useDailyReview } from '../daily-review/DailyReviewCard';
import { PracticeView } from '../practice/PracticeView';
import type { LearningAction, LearningState } from './learning-state';
import { QuizForm } from './QuizForm';
import { VideoViewer } from './VideoViewer';

export interface LearningViewerProps {
  state: LearningState;
  dispatch: Dispatch<LearningAction>;
  /** the open lesson, if any */
  lesson: LearnerLesson | undefined;
  /** every lesson, once loaded (today's review reads its questions from them) */
  lessons: LearnerLesson[] | undefined;
  /** the lessons' first read is still on its way */
  lessonsLoading: boolean;
  submitting: boolean;
  onSubmitQuiz: () => void;
}

export function LearningViewer({ state, dispatch, lesson, lessons, lessonsLoading, submitting, onSubmitQuiz }: LearningViewerProps) {
  if (lesson && state.mode === 'video' && state.partIndex !== undefined) {
    return <VideoViewer parts={lesson.parts} index={state.partIndex} onSelect={(index) => dispatch({ type: 'selectPart', index })} />;
  }
  if (lesson && state.mode === 'quiz') {
    return (
      <QuizForm
        lesson={lesson}
        answers={state.answers}
        submitting={submitting}
        onAnswer={(question, letter) => dispatch({ type: 'answer', question, letter })}
        onSubmit={onSubmitQuiz}
      />
    );
  }
  if (lesson && state.mode === 'answers') {
    return <AnswerReviewView key={lesson._id} lesson={lesson} onPractice={() => dispatch({ type: 'practice', lessonId: lesson._id })} />;
  }
  if (lesson && state.mode === 'practice') {
    return <PracticeView key={lesson._id} lesson={lesson} onSeeAnswers={() => dispatch({ type: 'seeAnswers', lessonId: lesson._id })} />;
  }
  return <IdleViewer lessons={lessons} lessonsLoading={lessonsLoading} />;
}

/**
 * Nothing chosen: today's review above 'Select a lesson video or quiz'. Both appear together once the lessons and
 * the review are known, in a box that keeps its height: the placeholder shown first and then pushed down by the
 * review was the largest layout shift of a phone's /my-classes.
 */
function IdleViewer({ lessons, lessonsLoading }: { lessons: LearnerLesson[] | undefined; lessonsLoading: boolean }) {
  const review = useDailyReview();
  const settled = !lessonsLoading && review.settled;
  return (
    <div className="lrn-idle" aria-busy={!settled}>
      {settled && (
        <>
          {lessons && <DailyReviewCard review={review} lessons={lessons} />}
          <p className="lrn-placeholder">{messages.classes.selectSomething}</p>
        </>
      )}
    </div>
  );
}
