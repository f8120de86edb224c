import type { AlertOptions, ConfirmOptions, Feedback, ToastOptions } from '../platform/feedback';

/** A feedback service for unit tests: records every call; `confirm` answers `confirmAnswer`. */
export interface RecordingFeedback extends Feedback {
  alerts: AlertOptions[];
  confirms: ConfirmOptions[];
  toasts: ToastOptions[];
  confirmAnswer: boolean;
}

export function createRecordingFeedback(): RecordingFeedback {
  const feedback: RecordingFeedback = {
    alerts: [],
    confirms: [],
    toasts: [],
    confirmAnswer: true,
    alert: async (options) => void feedback.alerts.push(options),
    confirm: async (options) => {
      feedback.confirms.push(options);
      return feedback.confirmAnswer;
    },
    toast: (options) => void feedback.toasts.push(options),
  };
  return feedback;
}
