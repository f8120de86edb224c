import { useReducer, useState } from 'react';
import { useCurrentUser, useFeedback } from '@kidslearn/kit/platform';
import { Spinner } from '@kidslearn/kit/ui';
import { useLearningApi } from '../../api/learning-api';
import { messages } from '../../messages';
import { answerSlots, initialLearningState, learningReducer } from './learning-state';
import { LearningViewer } from './LearningViewer';
import { LessonsPanel } from './LessonsPanel';
import { useQuizSubmission } from './useQuizSubmission';

/** SPEC §2/§4: /my-classes, the Learning screen: a viewer on the left, the 'Lessons' panel on the right. */
export function MyClassesPage() {
  const api = useLearningApi();
  const user = useCurrentUser();
  const feedback = useFeedback();
  const lessons = api.useLearningLessonsQuery();
  const ownResults = api.useLearningOwnResultsQuery();
  const progressRows = api.useLearningProgressQuery();
  const [state, dispatch] = useReducer(learningReducer, initialLearningState);
  // Done in this session, before GET /quiz-results/mine has been read again.
  const [doneNow, setDoneNow] = useState<ReadonlySet<string>>(new Set());
  const { submit, submitting } = useQuizSubmission({
    onSubmitted: (lessonId) => {
      setDoneNow((done) => new Set(done).add(lessonId));
      dispatch({ type: 'submitted' });
    },
    // Issue 21: once the SPEC's result dialog closes, the viewer shows the answers of that quiz.
    onResultClosed: (lessonId) => dispatch({ type: 'seeAnswers', lessonId }),
  });

  if (lessons.isError) console.error('Loading the lessons failed', lessons.error);
  if (ownResults.isError) console.error('Loading your quiz results failed', ownResults.error);
  if (progressRows.isError) console.error('Loading your lesson progress failed', progressRows.error);
  const progress = new Map((progressRows.data ?? []).map((row) => [row.lessonId, row.progress]));
  const done = new Set([...doneNow, ...(ownResults.data ?? []).map((result) => result.lessonId), ...progress.keys()]);
  const lesson = lessons.data?.find((candidate) => candidate._id === state.openLessonId);

  const onSubmitQuiz = async () => {
    // SPEC §5: nothing happens without a known user id, an open lesson or any question.
    if (!user._id || !lesson || lesson.quiz.length === 0) return;
    const answers = answerSlots(state.answers, lesson.quiz.length);
    // Unanswered questions count as wrong (SPEC §5): a child is asked first rather than surprised.
    const empty = answers.filter((answer) => answer === null).length;
    if (empty > 0) {
      const text = messages.classes;
      if (!(await feedback.confirm({ title: text.emptyQuestions(empty), confirmText: text.submitAnyway, cancelText: text.keepAnswering }))) return;
    }
    await submit(lesson._id, answers);
  };

  return (
    <div className="lrn-classes">
      <section className="lrn-viewer" aria-label={messages.classes.viewer}>
        <LearningViewer state={state} dispatch={dispatch} lesson={lesson} lessons={lessons.data} lessonsLoading={lessons.isLoading} submitting={submitting} onSubmitQuiz={() => void onSubmitQuiz()} />
      </section>
      <aside className="lrn-panel" aria-labelledby="lrn-lessons-heading">
        <h1 id="lrn-lessons-heading">{messages.classes.lessons}</h1>
        {/* SPEC §8: a failed fetch of the lessons is only logged (no 'No lessons yet', which would be untrue). */}
        {lessons.isLoading ? (
          <Spinner label={messages.loading} />
        ) : lessons.isError ? null : (
          <LessonsPanel
            lessons={lessons.data ?? []}
            openLessonId={state.openLessonId}
            done={done}
            progress={progress}
            activePart={state.mode === 'video' ? state.partIndex : undefined}
            onToggle={(lessonId) => dispatch({ type: 'toggleLesson', lessonId })}
            onSelectPart={(index) => dispatch({ type: 'selectPart', index })}
            onTakeQuiz={() => dispatch({ type: 'takeQuiz' })}
            onSeeAnswers={(lessonId) => dispatch({ type: 'seeAnswers', lessonId })}
            onPractice={(lessonId) => dispatch({ type: 'practice', lessonId })}
          />
        )}
      </aside>
    </div>
  );
}
