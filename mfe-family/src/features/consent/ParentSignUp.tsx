import { useState, type FormEvent } from 'react';
import { usePlatform } from '@kidslearn/kit/platform';
import { Button, TextField } from '@kidslearn/kit/ui';
import { useFamilyApi } from '../../api/family-api';
import { serverMessage, statusOf } from '../../domain/server-error';
import { messages } from '../../messages';
import { consentPath } from './consent-path';
import { parentFormErrors, type ParentForm, type ParentFormErrors } from './validate-parent';

const text = messages.consent.signUp;

/** A visitor without an account: a parent account for the invited address, then Keycloak's sign-in back here. */
export function ParentSignUp({ token, email }: { token: string; email: string }) {
  const { auth } = usePlatform();
  const [create, { isLoading }] = useFamilyApi().useFamilyCreateParentMutation();
  const [form, setForm] = useState<ParentForm>({ name: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<ParentFormErrors>({});
  const [failure, setFailure] = useState<{ message: string; exists: boolean }>();
  const set = (field: keyof ParentForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = parentFormErrors(form);
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0 || isLoading) return;
    try {
      await create({ token, name: form.name.trim(), password: form.password }).unwrap();
      await auth.login(consentPath(token));
    } catch (error) {
      // 409: the address has an account already (made meanwhile): signing in is the way on.
      setFailure({ message: serverMessage(error, text.failed), exists: statusOf(error) === 409 });
    }
  };

  return (
    <form className="fam-answer fam-signup" aria-labelledby="fam-signup-heading" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="fam-signup-heading">{text.heading}</h2>
      <TextField label={text.name} name="name" autoComplete="name" required value={form.name} onChange={set('name')} error={errors.name} />
      <TextField label={text.email} name="email" type="email" autoComplete="username" value={email} readOnly hint={text.emailHint} />
      <TextField
        label={text.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={form.password}
        onChange={set('password')}
        hint={text.passwordHint}
        error={errors.password}
      />
      <TextField label={text.confirm} name="confirm" type="password" autoComplete="new-password" required value={form.confirm} onChange={set('confirm')} error={errors.confirm} />
      {failure && (
        <div className="fam-note" role="alert">
          <p className="fam-error">{failure.message}</p>
          {failure.exists && (
            <Button variant="outline" onClick={() => void auth.login(consentPath(token))}>
              {messages.consent.signIn.button}
            </Button>
          )}
        </div>
      )}
      <Button type="submit" size="lg" busy={isLoading}>
        {isLoading ? text.submitting : text.submit}
      </Button>
    </form>
  );
}
