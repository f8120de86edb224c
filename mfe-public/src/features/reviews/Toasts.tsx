import { messages } from '../../messages';
import type { Toast } from './useToasts';

export function Toasts({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <div className="pub-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`pub-toast is-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span>{toast.text}</span>
          <button type="button" aria-label={messages.reviewForm.dismiss} onClick={() => onDismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
