import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@kidslearn/kit/ui';
import { messages } from '../../messages';

const text = messages.parent;
/** Enough to catch a typo before the server's own check (its 400 message is shown too). */
const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** The parent's email, typed by the learner; `onSend` resolves to the server's refusal message, if any. */
export function ParentEmailForm({ initial = '', busy, onSend, onCancel }: { initial?: string; busy: boolean; onSend: (email: string) => Promise<string | undefined>; onCancel?: () => void }) {
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    const problem = !trimmed ? text.emailRequired : !looksLikeEmail(trimmed) ? text.emailInvalid : undefined;
    setError(problem);
    if (problem || busy) return;
    setError(await onSend(trimmed));
  };

  return (
    <form className="rwd-parent-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label={text.email} hint={text.emailHint} type="email" name="parentEmail" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} error={error} />
      <div className="rwd-parent-actions">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {text.cancel}
          </Button>
        )}
        <Button type="submit" busy={busy}>
          {busy ? text.asking : text.ask}
        </Button>
      </div>
    </form>
  );
}
