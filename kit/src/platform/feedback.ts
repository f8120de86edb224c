// The feedback service's contract (SPEC §8): dialogs with icons and timers, confirmations, toasts.
export type FeedbackIcon = 'success' | 'info' | 'error' | 'warning';

export interface AlertOptions {
  title: string;
  text?: string;
  icon: FeedbackIcon;
  /** Closes itself after this many ms, with no confirm button (e.g. the quiz result's 3000 ms). */
  timer?: number;
}

export interface ConfirmOptions {
  title: string;
  text?: string;
  confirmText?: string;
  cancelText?: string;
}

export interface ToastOptions {
  text: string;
  icon?: FeedbackIcon;
}

export interface Feedback {
  /** Resolves when the dialog closes (confirmed, dismissed or timed out). */
  alert(options: AlertOptions): Promise<void>;
  /** Resolves true when confirmed, false when cancelled or dismissed. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** A short message that vanishes after 5 seconds (SPEC §9). */
  toast(options: ToastOptions): void;
}

/** SPEC §9: toasts vanish after 5 seconds; success alerts close after 2. */
export const TOAST_MS = 5000;
export const SUCCESS_ALERT_MS = 2000;
