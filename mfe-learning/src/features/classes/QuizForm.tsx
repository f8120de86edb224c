import { Button, RadioGroup } from '@kidslearn/kit/ui';
import type { LearnerLesson, Letter } from '../../api/learning-api';
import { messages } from '../../messages';
import { LETTERS } from '../../domain/shuffle-letters';
import { shownOptions } from '../questions/options';
import { ReadAloudButton } from '../read-aloud/ReadAloudButton';
import { readAloudText } from '../read-aloud/read-aloud-text';
import { useFocusOnShow } from './useFocusOnShow';

export interface QuizFormProps {
  lesson: LearnerLesson;
  answers: Record<number, Letter>;
  submitting: boolean;
  onAnswer: (question: number, letter: Letter) => void;
  onSubmit: () => void;
}

/** 'Quiz Time': numbered questions, four lettered options each, and 'Submit Quiz'. */
export function QuizForm({ lesson, answers, submitting, onAnswer, onSubmit }: QuizFormProps) {
  const heading = useFocusOnShow<HTMLHeadingElement>(lesson._id);
  return (
    <form
      className="lrn-quiz"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 ref={heading} tabIndex={-1}>
        {messages.classes.quizTime}
      </h2>
      {lesson.quiz.map((question, index) => (
        <div key={`${lesson._id}-${index}`} className="lrn-quiz-question">
          {/* Issue 21: the speaker sits beside the question, outside its legend (the group keeps its SPEC name). */}
          <ReadAloudButton text={readAloudText(question.question, shownOptions(question))} />
          <RadioGroup
            legend={messages.classes.question(index + 1, question.question)}
            name={`question-${index}`}
            value={answers[index]}
            onChange={(letter) => onAnswer(index, letter as Letter)}
            options={LETTERS.map((letter) => ({ value: letter, label: messages.classes.option(letter, question[`option${letter}`]) }))}
          />
        </div>
      ))}
      <Button type="submit" variant="primary" size="lg" busy={submitting}>
        {submitting ? messages.classes.submitting : messages.classes.submitQuiz}
      </Button>
    </form>
  );
}
