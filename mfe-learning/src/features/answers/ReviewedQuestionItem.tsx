import { cx } from '@kidslearn/kit/ui';
import type { ReviewedQuestion } from '@kidslearn/contracts';
import type { LearnerQuestion, Letter } from '../../api/learning-api';
import { messages } from '../../messages';
import { Explanation } from '../questions/Explanation';
import { optionText } from '../questions/options';
import { Verdict } from '../questions/Verdict';

/** One question of the child's own attempt: what they chose, the right answer and why. */
export function ReviewedQuestionItem({ question, reviewed }: { question: LearnerQuestion; reviewed: ReviewedQuestion }) {
  const option = (letter: Letter) => messages.classes.option(letter, optionText(question, letter));
  return (
    <li className={cx('lrn-reviewed', reviewed.isCorrect ? 'lrn-reviewed--correct' : 'lrn-reviewed--wrong')}>
      <div className="lrn-reviewed__head">
        <h3 className="lrn-reviewed__question">{messages.classes.question(reviewed.index + 1, question.question)}</h3>
        <Verdict isCorrect={reviewed.isCorrect} text={reviewed.isCorrect ? messages.step.correct : messages.step.notQuite} />
      </div>
      <p>{reviewed.chosen ? messages.answers.yourAnswer(option(reviewed.chosen)) : messages.answers.leftEmpty}</p>
      <p className="lrn-reviewed__correct">{messages.answers.correctAnswer(option(reviewed.correct))}</p>
      {reviewed.explanation && <Explanation text={reviewed.explanation} />}
    </li>
  );
}
