import type { HTMLAttributes } from 'react';
import { cx } from './cx';

export type BadgeTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

export function Badge({ tone = 'neutral', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={cx('kl-badge', `kl-badge--${tone}`, className)} {...rest} />;
}
