import { cx } from './cx';

/** A friendly loading wheel, announced politely to screen readers. */
export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div className={cx('kl-spinner', className)} role="status" aria-live="polite">
      <span className="kl-spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
