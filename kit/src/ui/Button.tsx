import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'ghost';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  block?: boolean;
}

/** The kit's button look, for links that act as buttons (e.g. a router Link). */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonStyle = {}, className?: string): string {
  return cx('kl-btn', `kl-btn--${variant}`, size === 'lg' && 'kl-btn--lg', block && 'kl-btn--block', className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {
  /** Disabled and announced as busy while an action runs. */
  busy?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, block, busy = false, className, type = 'button', disabled, ...rest }, ref) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, block }, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest} />;
});
