// One question at a time (practice and today's review): big answer buttons, feedback announced at once,
// then 'Next question'. Keyboard: the answer moves focus to the next button, a new question to its heading.
import { useEffect, useId, useRef } from 'react';
import { Button, cx } from '@kidslearn/kit/ui';
import type { Letter } from '../../api/learning-api';
import { messages } from '../../messages';
import { ReadAloudButton } from '../read-aloud/ReadAloudButton';
import { readAloudText } from '../read-aloud/read-aloud-text';
import { AnswerFeedback, type StepFeedback } from './AnswerFeedback';
import type { ShownOption } from './options';

export interface QuestionStepProps {
  number: number;
  total: number;
  question: string;
  options: ShownOption[];
  /** the option chosen (its lesson letter), once answered or while the answer is being sent */
  chosen: Letter | undefined;
  feedback: StepFeedback | undefined;
  busy?: boolean;
  /** move focus to the question's heading when it shows (not on a page's first load) */
  focusOnShow: boolean;
  nextLabel: string;
  onChoose: (value: Letter) => void;
  onNext: () => void;
}

export function QuestionStep({ number, total, question, options, chosen, feedback, busy = false, focusOnShow, nextLabel, onChoose, onNext }: QuestionStepProps) {
  const questionId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const answered = feedback !== undefined;
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow, number]);
  useEffect(() => {
    if (answered) next.current?.focus();
  }, [answered]);

  return (
    <div className="lrn-step">
      <h3 ref={heading} tabIndex={-1} className="lrn-step__progress">
        {messages.step.progress(number, total)}
      </h3>
      <div className="lrn-step__question">
        <p id={questionId} className="lrn-step__text">
          {question}
        </p>
        <ReadAloudButton text={readAloudText(question, options)} />
      </div>
      <div role="group" aria-labelledby={questionId} className="lrn-step__options">
        {options.map((option) => (
          <Button
            key={option.value}
            variant="outline"
            block
            className={cx('lrn-option', chosen === option.value && 'lrn-option--chosen')}
            aria-pressed={chosen === option.value}
            disabled={answered || busy}
            onClick={() => onChoose(option.value)}
          >
            {messages.classes.option(option.letter, option.text)}
          </Button>
        ))}
      </div>
      <div className="lrn-step__feedback" aria-live="polite">
        {feedback && <AnswerFeedback feedback={feedback} />}
      </div>
      {answered && (
        <Button ref={next} variant="primary" size="lg" className="lrn-step__next" onClick={onNext}>
          {nextLabel}
        </Button>
      )}
    </div>
  );
}
