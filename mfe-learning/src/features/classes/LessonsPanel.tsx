import type { LessonProgress } from '@kidslearn/contracts';
import { Accordion, Button } from '@kidslearn/kit/ui';
import type { LearnerLesson } from '../../api/learning-api';
import { messages } from '../../messages';
import { ProgressBadges } from './ProgressBadges';

export interface LessonsPanelProps {
  lessons: LearnerLesson[];
  openLessonId: string;
  done: ReadonlySet<string>;
  /** progress per lesson id (GET /quiz-results/progress): practised or mastered beyond 'Done' */
  progress: ReadonlyMap<string, LessonProgress>;
  activePart: number | undefined;
  onToggle: (lessonId: string) => void;
  onSelectPart: (index: number) => void;
  onTakeQuiz: () => void;
  onSeeAnswers: (lessonId: string) => void;
  onPractice: (lessonId: string) => void;
}

/** The 'Lessons' accordion: one lesson open at a time; its parts as buttons, then 'Take Quiz' (or, once done, 'Quiz Attempted' with its answers and practice). */
export function LessonsPanel({ lessons, openLessonId, done, progress, activePart, onToggle, onSelectPart, onTakeQuiz, onSeeAnswers, onPractice }: LessonsPanelProps) {
  if (lessons.length === 0) return <p>{messages.classes.noLessons}</p>;
  return (
    <Accordion
      value={openLessonId}
      onValueChange={onToggle}
      headingLevel={2}
      items={lessons.map((lesson) => {
        const finished = done.has(lesson._id);
        return {
          id: lesson._id,
          header: lesson.lessonHeading,
          badge: <ProgressBadges finished={finished} progress={progress.get(lesson._id)} />,
          content: (
            <div className="lrn-lesson-actions">
              <ul className="lrn-parts" aria-label={messages.classes.partsOf(lesson.lessonHeading)}>
                {lesson.parts.map((part, index) => (
                  <li key={`${index}-${part.name}`}>
                    <Button variant={activePart === index ? 'primary' : 'outline'} block aria-pressed={activePart === index} onClick={() => onSelectPart(index)}>
                      {part.name}
                    </Button>
                  </li>
                ))}
              </ul>
              <Button variant="secondary" block disabled={finished} onClick={onTakeQuiz}>
                {finished ? messages.classes.quizAttempted : messages.classes.takeQuiz}
              </Button>
              {finished && (
                <div className="lrn-after-quiz">
                  <Button variant="primary" onClick={() => onSeeAnswers(lesson._id)}>
                    {messages.answers.seeYourAnswers}
                  </Button>
                  <Button variant="outline" onClick={() => onPractice(lesson._id)}>
                    {messages.practice.practice}
                  </Button>
                </div>
              )}
            </div>
          ),
        };
      })}
    />
  );
}
