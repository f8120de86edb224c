import { Accordion, Badge, Button } from '@kidslearn/kit/ui';
import type { LearnerLesson } from '../../api/learning-api';
import { messages } from '../../messages';

export interface LessonsPanelProps {
  lessons: LearnerLesson[];
  openLessonId: string;
  done: ReadonlySet<string>;
  activePart: number | undefined;
  onToggle: (lessonId: string) => void;
  onSelectPart: (index: number) => void;
  onTakeQuiz: () => void;
}

/** The 'Lessons' accordion: one lesson open at a time; its parts as buttons, then 'Take Quiz'. */
export function LessonsPanel({ lessons, openLessonId, done, activePart, onToggle, onSelectPart, onTakeQuiz }: LessonsPanelProps) {
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
          badge: finished ? <Badge tone="success">{messages.classes.done}</Badge> : undefined,
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
            </div>
          ),
        };
      })}
    />
  );
}
