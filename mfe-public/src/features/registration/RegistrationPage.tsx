import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useFeedback } from '@kidslearn/kit/platform';
import { messages } from '../../messages';
import { usePublic } from '../../api/public-api';
import { registrationError } from './validate-registration';

const text = messages.registration;

/** The server's own wording when it gave one (SPEC §8: registration failure shows the message). */
function serverMessage(error: unknown): string {
  const data = (error as { data?: { message?: unknown; error?: unknown } } | undefined)?.data;
  if (typeof data?.message === 'string' && data.message) return data.message;
  if (typeof data?.error === 'string' && data.error) return data.error;
  return text.failed;
}

export function RegistrationPage() {
  const { api, platform } = usePublic();
  // Social sign-in returns the visitor to the page they came from (the navbar's Register passes it).
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const returnPath = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
  const [register, { isLoading }] = api.useRegisterMutation();
  const [form, setForm] = useState({ name: '', email: '', password: '', parentEmail: '', terms: false });
  const [photo, setPhoto] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState('');
  const feedback = useFeedback();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = registrationError({ ...form, photo });
    if (problem) {
      setError(problem);
      return;
    }
    setError('');
    const body = new FormData();
    body.append('name', form.name.trim());
    body.append('email', form.email.trim());
    body.append('password', form.password);
    body.append('terms', String(form.terms));
    body.append('image', photo!);
    // Optional: sent only when given (the server then invites the parent to agree).
    if (form.parentEmail.trim()) body.append('parentEmail', form.parentEmail.trim());
    try {
      await register(body).unwrap();
      setForm({ name: '', email: '', password: '', parentEmail: '', terms: false });
      setPhoto(null);
      setFormKey((k) => k + 1);
      // SPEC §8: the registration success is an alert (the platform's dialog, which waits to be read).
      void feedback.alert({ title: text.success, icon: 'success' });
    } catch (failure) {
      setError(serverMessage(failure));
    }
  };

  return (
    <section className="pub-page pub-auth">
      <div className="pub-auth-card">
        <h1>{text.heading}</h1>
        <form key={formKey} onSubmit={submit} className="pub-auth-form">
          <label className="pub-field">
            <span>{text.name}</span>
            <input required autoComplete="name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </label>
          <label className="pub-field">
            <span>{text.photo}</span>
            <input type="file" accept="image/*" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
          </label>
          <label className="pub-field">
            <span>{text.email}</span>
            <input required type="email" autoComplete="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
          </label>
          <div className="pub-field">
            <label htmlFor="reg-password">{text.password}</label>
            <div className="pub-password">
              <input
                id="reg-password"
                required
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                value={form.password}
                onChange={(e) => setForm({ ...form, password: e.target.value })}
              />
              {/* One name and a pressed state: screen readers hear "Show password, pressed", not the state twice. */}
              <button type="button" className="pub-toggle" aria-label={text.showPassword} aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
                {showPassword ? text.hidePassword : text.showPassword}
              </button>
            </div>
          </div>
          <div className="pub-field">
            <label htmlFor="reg-parent-email">{text.parentEmail}</label>
            <input
              id="reg-parent-email"
              type="email"
              autoComplete="off"
              aria-describedby="reg-parent-email-hint"
              value={form.parentEmail}
              onChange={(e) => setForm({ ...form, parentEmail: e.target.value })}
            />
            <span id="reg-parent-email-hint" className="pub-hint">
              {text.parentEmailHint}
            </span>
          </div>
          <label className="pub-check">
            <input type="checkbox" checked={form.terms} onChange={(e) => setForm({ ...form, terms: e.target.checked })} />
            <span>{text.terms}</span>
          </label>
          {error && <p className="pub-error" role="alert">{error}</p>}
          <button type="submit" className="kl-btn kl-btn--primary kl-btn--block" disabled={isLoading}>
            {isLoading ? text.registering : text.register}
          </button>
        </form>
        <p className="pub-auth-switch">
          {text.haveAccount} <Link to="/authentication">{text.login}</Link>
        </p>
        <div className="pub-or" aria-hidden="true"><span>{text.or}</span></div>
        <button type="button" className="kl-btn kl-btn--outline kl-btn--block" onClick={() => void platform.auth.login(returnPath, { idpHint: 'google' })}>
          <span aria-hidden="true" className="pub-g">G</span> {text.google}
        </button>
      </div>
    </section>
  );
}
