import { cx } from '@kidslearn/kit/ui';

/** ✓ or ✗ with words beside it: never colour alone. */
export function Verdict({ isCorrect, text }: { isCorrect: boolean; text: string }) {
  return (
    <span className={cx('lrn-verdict', isCorrect ? 'lrn-verdict--correct' : 'lrn-verdict--wrong')}>
      <span className="lrn-verdict__icon" aria-hidden="true">
        {isCorrect ? '✓' : '✗'}
      </span>
      <span>{text}</span>
    </span>
  );
}
