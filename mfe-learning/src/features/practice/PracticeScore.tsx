import { Button } from '@kidslearn/kit/ui';
import { messages } from '../../messages';
import { useFocusOnShow } from '../classes/useFocusOnShow';

/** The end of a practice run: the score, then 'Practice again' (or back to the answers). */
export function PracticeScore({ score, total, onAgain, onSeeAnswers }: { score: number; total: number; onAgain: () => void; onSeeAnswers: () => void }) {
  const heading = useFocusOnShow<HTMLHeadingElement>(score);
  return (
    <div className="lrn-practice-score">
      <h3 ref={heading} tabIndex={-1}>
        {messages.practice.score(score, total)}
      </h3>
      <div className="lrn-actions">
        <Button variant="primary" size="lg" onClick={onAgain}>
          {messages.practice.again}
        </Button>
        <Button variant="outline" size="lg" onClick={onSeeAnswers}>
          {messages.answers.seeYourAnswers}
        </Button>
      </div>
    </div>
  );
}
