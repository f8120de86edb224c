import { useReducer, useState } from 'react';
import { useCurrentUser, useFeedback } from '@kidslearn/kit/platform';
import { Spinner } from '@kidslearn/kit/ui';
import { useLearningApi } from '../../api/learning-api';
import { messages } from '../../messages';
import { answerSlots, initialLearningState, learningReducer } from './learning-state';
import { LessonsPanel } from './LessonsPanel';
import { QuizForm } from './QuizForm';
import { VideoViewer } from './VideoViewer';
import { useQuizSubmission } from './useQuizSubmission';

/** SPEC §2/§4: /my-classes, the Learning screen: a viewer on the left, the 'Lessons' panel on the right. */
export function MyClassesPage() {
  const api = useLearningApi();
  const user = useCurrentUser();
  const feedback = useFeedback();
  const lessons = api.useLearningLessonsQuery();
  const ownResults = api.useLearningOwnResultsQuery();
  const [state, dispatch] = useReducer(learningReducer, initialLearningState);
  // Done in this session, before GET /quiz-results/mine has been read again.
  const [doneNow, setDoneNow] = useState<ReadonlySet<string>>(new Set());
  const { submit, submitting } = useQuizSubmission((lessonId) => {
    setDoneNow((done) => new Set(done).add(lessonId));
    dispatch({ type: 'submitted' });
  });

  if (lessons.isError) console.error('Loading the lessons failed', lessons.error);
  if (ownResults.isError) console.error('Loading your quiz results failed', ownResults.error);
  const done = new Set([...doneNow, ...(ownResults.data ?? []).map((result) => result.lessonId)]);
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
      <section className="lrn-viewer" aria-label={messages.classes.selectSomething}>
        {lesson && state.mode === 'video' && state.partIndex !== undefined && (
          <VideoViewer parts={lesson.parts} index={state.partIndex} onSelect={(index) => dispatch({ type: 'selectPart', index })} />
        )}
        {lesson && state.mode === 'quiz' && (
          <QuizForm
            lesson={lesson}
            answers={state.answers}
            submitting={submitting}
            onAnswer={(question, letter) => dispatch({ type: 'answer', question, letter })}
            onSubmit={() => void onSubmitQuiz()}
          />
        )}
        {(!lesson || state.mode === 'nothing') && <p className="lrn-placeholder">{messages.classes.selectSomething}</p>}
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
            activePart={state.mode === 'video' ? state.partIndex : undefined}
            onToggle={(lessonId) => dispatch({ type: 'toggleLesson', lessonId })}
            onSelectPart={(index) => dispatch({ type: 'selectPart', index })}
            onTakeQuiz={() => dispatch({ type: 'takeQuiz' })}
          />
        )}
      </aside>
    </div>
  );
}
