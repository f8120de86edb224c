import { Button, RadioGroup } from '@kidslearn/kit/ui';
import type { LearnerLesson, Letter } from '../../api/learning-api';
import { messages } from '../../messages';
import { useFocusOnShow } from './useFocusOnShow';

const LETTERS: Letter[] = ['A', 'B', 'C', 'D'];

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
        <RadioGroup
          key={`${lesson._id}-${index}`}
          legend={messages.classes.question(index + 1, question.question)}
          name={`question-${index}`}
          value={answers[index]}
          onChange={(letter) => onAnswer(index, letter as Letter)}
          options={LETTERS.map((letter) => ({ value: letter, label: messages.classes.option(letter, question[`option${letter}`]) }))}
        />
      ))}
      <Button type="submit" variant="primary" size="lg" busy={submitting}>
        {submitting ? messages.classes.submitting : messages.classes.submitQuiz}
      </Button>
    </form>
  );
}
