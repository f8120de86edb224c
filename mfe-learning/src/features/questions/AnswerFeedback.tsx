import { cx } from '@kidslearn/kit/ui';
import { messages } from '../../messages';
import { Explanation } from './Explanation';
import type { ShownOption } from './options';
import { Verdict } from './Verdict';

export interface StepFeedback {
  isCorrect: boolean;
  /** the correct option as the child sees it (its letter on screen) */
  correct: ShownOption;
  explanation: string | null;
}

/** Right after an answer: "Correct!" or "Not quite — the answer is C: 42", then the explanation. */
export function AnswerFeedback({ feedback }: { feedback: StepFeedback }) {
  const { isCorrect, correct, explanation } = feedback;
  return (
    <div className={cx('lrn-feedback', isCorrect ? 'lrn-feedback--correct' : 'lrn-feedback--wrong')}>
      <p className="lrn-feedback__verdict">
        <Verdict isCorrect={isCorrect} text={isCorrect ? messages.step.correct : messages.step.notQuiteAnswer(correct.letter, correct.text)} />
      </p>
      {explanation && <Explanation text={explanation} />}
    </div>
  );
}
