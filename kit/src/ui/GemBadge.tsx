import { cx } from './cx';

const gemSvg =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#7c4dff" d="M6 3h12l4 6-10 12L2 9z"/><path fill="#b39dff" d="M6 3l6 6 6-6M2 9h20"/></svg>');

/** The gem count, read by screen readers as "7 gems"; a placeholder dash while the balance is unknown. */
export function GemBadge({ gems, className }: { gems: number | undefined; className?: string }) {
  const known = typeof gems === 'number';
  return (
    <span className={cx('kl-gem-badge', className)} data-testid="gem-badge">
      <img src={gemSvg} alt="" width={20} height={20} />
      {known ? (
        <>
          <span aria-hidden="true">{gems}</span>
          <span className="kl-visually-hidden">{gems === 1 ? '1 gem' : `${gems} gems`}</span>
        </>
      ) : (
        <>
          <span aria-hidden="true">–</span>
          <span className="kl-visually-hidden">Loading gems</span>
        </>
      )}
    </span>
  );
}
