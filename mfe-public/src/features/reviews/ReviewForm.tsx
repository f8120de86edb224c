import { useState, type FormEvent } from 'react';
import { messages } from '../../messages';
import { usePublic } from '../../api/public-api';
import { useToasts } from './useToasts';
import { Toasts } from './Toasts';

export const MESSAGE_MAX = 300; // SPEC §5
const empty = { name: '', email: '', title: '', message: '' };

export function ReviewForm() {
  const { api } = usePublic();
  const [addReview, { isLoading: submitting }] = api.useAddReviewMutation();
  const [form, setForm] = useState(empty);
  const { toasts, show, dismiss } = useToasts();
  const set = (field: keyof typeof empty) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const review = { ...form, name: form.name.trim(), message: form.message.trim() };
    if (!review.name || !review.message) return;
    try {
      await addReview(review).unwrap();
      setForm(empty);
      show('success', messages.reviewForm.success);
    } catch {
      show('error', messages.reviewForm.failure);
    }
  };

  return (
    <section className="pub-section pub-review-form" aria-labelledby="leave-review">
      <h2 id="leave-review">{messages.reviewForm.heading}</h2>
      <form onSubmit={submit} noValidate={false}>
        <div className="pub-form-row">
          <label className="pub-field">
            <span>{messages.reviewForm.name}</span>
            <input required value={form.name} disabled={submitting} onChange={(e) => set('name')(e.target.value)} />
          </label>
          <label className="pub-field">
            <span>{messages.reviewForm.email}</span>
            <input type="email" value={form.email} disabled={submitting} onChange={(e) => set('email')(e.target.value)} />
          </label>
        </div>
        <label className="pub-field">
          <span>{messages.reviewForm.title}</span>
          <input value={form.title} disabled={submitting} onChange={(e) => set('title')(e.target.value)} />
        </label>
        <label className="pub-field">
          <span>{messages.reviewForm.message}</span>
          <textarea
            required
            rows={4}
            value={form.message}
            disabled={submitting}
            aria-describedby="review-counter"
            // Extra typing beyond the limit is ignored (SPEC §5).
            maxLength={MESSAGE_MAX}
            onChange={(e) => set('message')(e.target.value)}
          />
        </label>
        <p id="review-counter" className="pub-counter">
          {messages.reviewForm.counter(form.message.length)}
        </p>
        <button type="submit" className="kl-btn kl-btn--primary" disabled={submitting}>
          {submitting ? messages.reviewForm.submitting : messages.reviewForm.submit}
        </button>
      </form>
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </section>
  );
}
