import { useReducer, useState } from 'react';
import { useCurrentUser } from '@kidslearn/kit/platform';
import { Spinner } from '@kidslearn/kit/ui';
import { useLearningApi } from '../../app/context';
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

  const onSubmitQuiz = () => {
    // SPEC §5: nothing happens without a known user id, an open lesson or any question.
    if (!user._id || !lesson || lesson.quiz.length === 0) return;
    void submit(lesson._id, answerSlots(state.answers, lesson.quiz.length));
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
            onSubmit={onSubmitQuiz}
          />
        )}
        {(!lesson || state.mode === 'nothing') && <p className="lrn-placeholder">{messages.classes.selectSomething}</p>}
      </section>
      <aside className="lrn-panel" aria-labelledby="lrn-lessons-heading">
        <h1 id="lrn-lessons-heading">{messages.classes.lessons}</h1>
        {lessons.isLoading ? (
          <Spinner label={messages.loading} />
        ) : (
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
