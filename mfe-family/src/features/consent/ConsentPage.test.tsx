import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeHandler, FakeReply } from '@kidslearn/kit/testing';
import type { PlatformSetup } from '@kidslearn/kit/testing';
import { renderFamily } from '../../test/render-family';
import { invitation, lina, TOKEN } from '../../test/family-fixtures';

const page = `/family/consent?invite=${TOKEN}`;
const back = `/family/consent?invite=${encodeURIComponent(TOKEN)}`;

function gateway(answers: { invite?: FakeReply; create?: FakeReply; consent?: FakeReply } = {}): FakeHandler {
  return (req) => {
    if (req.url === `/family/invitations/${TOKEN}`) return answers.invite ?? { status: 200, body: invitation };
    if (req.url === '/family/parents' && req.method === 'POST') return answers.create ?? { status: 201, body: {} };
    if (req.url === '/family/consents' && req.method === 'POST') return answers.consent ?? { status: 200, body: { decision: (req.body as { decision: string }).decision, child: lina } };
    if (req.url === '/family/children') return { status: 200, body: [lina] };
    return { status: 404 };
  };
}

const open = (setup: PlatformSetup = {}) => renderFamily(page, { gateway: gateway(), ...setup });

describe('/family/consent, the invitation’s link', () => {
  it('when the link carries no token, then it says the link is not complete and asks nothing', async () => {
    const view = renderFamily('/family/consent', { session: 'anonymous', gateway: gateway() });
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not work any more' })).toBeInTheDocument();
    expect(screen.getByText('This link is not complete. Please open the whole link from the email.')).toBeInTheDocument();
    expect(view.calls.filter((call) => call.url.startsWith('/family'))).toHaveLength(0);
  });

  it('when the invitation is unknown or expired (404), then the server’s message shows with the way to a new one', async () => {
    open({ session: 'anonymous', gateway: gateway({ invite: { status: 404, body: { error: 'This invitation has expired.', message: 'This invitation has expired.', code: 'not_found' } } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work any more' })).toBeInTheDocument();
    expect(screen.getByText('This invitation has expired.')).toBeInTheDocument();
    expect(screen.getByText('Ask your child to send the invitation again from their Avatar page.')).toBeInTheDocument();
  });

  it('when the invitation cannot be loaded, then an error shows and Try again asks again', async () => {
    let reads = 0;
    const ok = gateway();
    renderFamily(page, { session: 'anonymous', gateway: (req) => (req.url.startsWith('/family/invitations/') && ++reads === 1 ? { status: 500 } : ok(req)) });
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the invitation just now.");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lina wants to learn with KidsLearn' })).toBeInTheDocument();
  });

  it('when a visitor opens it, then the child’s name and what we keep and why show before any answer', async () => {
    open({ session: 'anonymous' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lina wants to learn with KidsLearn' })).toBeInTheDocument();
    expect(screen.getByText(/Lina named you \(parent@kidslearn.test\) as their parent/)).toBeInTheDocument();
    const keep = screen.getByRole('region', { name: 'What we keep and why' });
    const kept = within(keep).getAllByRole('term').map((term) => term.textContent);
    expect(kept).toEqual(['Name and email', 'Photo', 'Quiz scores and gems', 'A home address']);
    expect(within(keep).getByText('only when a gift is sent, and removed after delivery.')).toBeInTheDocument();
    expect(within(keep).getByText('so your child can sign in.')).toBeInTheDocument();
  });

  describe('a visitor without an account', () => {
    it('when the form opens, then the invited email is shown read-only and the password rule is described', async () => {
      open({ session: 'anonymous' });
      const form = await screen.findByRole('form', { name: 'Create your parent account' });
      expect(within(form).getByLabelText('Email')).toHaveValue('parent@kidslearn.test');
      expect(within(form).getByLabelText('Email')).toHaveAttribute('readonly');
      expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters, with an uppercase letter, a lowercase letter and a digit.');
      expect(within(form).getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
      expect(screen.queryByRole('button', { name: 'I agree' })).not.toBeInTheDocument();
    });

    it.each([
      ['', 'Parent123', 'Parent123', 'Your name', 'Please enter your name.'],
      ['Pat', 'parent123', 'parent123', 'Password', 'Password must contain one Upperletter one Lowerletter one symbol and a digit'],
      ['Pat', 'Parent123', 'Parent124', 'Confirm password', 'The passwords do not match.'],
    ])('when name %j, password %j and confirmation %j are sent, then %s says "%s" and nothing is sent', async (name, password, confirm, field, message) => {
      const view = open({ session: 'anonymous' });
      await screen.findByRole('form', { name: 'Create your parent account' });
      if (name) await userEvent.type(screen.getByLabelText('Your name'), name);
      await userEvent.type(screen.getByLabelText('Password'), password);
      await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
      await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
      expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(field)).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(view.calls.some((call) => call.method === 'POST')).toBe(false);
    });

    it('when the account is created (201), then the parent is sent to sign in and comes back to this invitation', async () => {
      const view = open({ session: 'anonymous' });
      await screen.findByRole('form', { name: 'Create your parent account' });
      await userEvent.type(screen.getByLabelText('Your name'), ' Pat Parent ');
      await userEvent.type(screen.getByLabelText('Password'), 'Parent123');
      await userEvent.type(screen.getByLabelText('Confirm password'), 'Parent123');
      await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() => expect(view.auth.login).toHaveBeenCalledWith(back));
      expect(view.calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/family/parents', body: { token: TOKEN, name: 'Pat Parent', password: 'Parent123' } });
    });

    it.each([
      [400, 'Password must contain one Upperletter one Lowerletter one symbol and a digit', false],
      [409, 'An account with this email already exists. Please sign in.', true],
    ])('when the server answers %i, then its message shows (409: with Sign in to answer)', async (status, message, signIn) => {
      const view = open({ session: 'anonymous', gateway: gateway({ create: { status, body: { error: message, message, code: 'x' } } }) });
      await screen.findByRole('form', { name: 'Create your parent account' });
      await userEvent.type(screen.getByLabelText('Your name'), 'Pat');
      await userEvent.type(screen.getByLabelText('Password'), 'Parent123');
      await userEvent.type(screen.getByLabelText('Confirm password'), 'Parent123');
      await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(view.auth.login).not.toHaveBeenCalled();
      const button = within(alert).queryByRole('button', { name: 'Sign in to answer' });
      expect(Boolean(button)).toBe(signIn);
      if (button) {
        await userEvent.click(button);
        expect(view.auth.login).toHaveBeenCalledWith(back);
      }
    });
  });

  it('when a visitor whose account exists opens it, then "Sign in to answer" signs in and comes back here', async () => {
    const view = open({ session: 'anonymous', gateway: gateway({ invite: { status: 200, body: { ...invitation, hasAccount: true } } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in to answer' }));
    expect(view.auth.login).toHaveBeenCalledWith(back);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('when the session is still being checked, then it waits before offering anything', async () => {
    open({ session: 'loading' });
    await screen.findByRole('heading', { level: 1, name: 'Lina wants to learn with KidsLearn' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  describe('the invited parent, signed in', () => {
    it('when they agree, then the agreement is posted and their family page opens', async () => {
      const view = open();
      await userEvent.click(await screen.findByRole('button', { name: 'I agree' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat!' })).toBeInTheDocument();
      expect(view.calls.find((call) => call.url === '/family/consents')).toMatchObject({ method: 'POST', body: { token: TOKEN, decision: 'agree' } });
      expect(view.feedback.toasts).toEqual([{ text: "Thank you! You can now follow Lina's learning.", icon: 'success' }]);
      expect(view.feedback.confirms).toHaveLength(0);
    });

    it('when they do not agree, then a dialog says the child’s account and data will be deleted; cancelled, nothing is sent', async () => {
      const view = open();
      view.feedback.confirmAnswer = false;
      await userEvent.click(await screen.findByRole('button', { name: 'I do not agree' }));
      expect(view.feedback.confirms).toEqual([
        { title: "Delete Lina's account?", text: "If you do not agree, Lina's account and data will be deleted. This cannot be undone.", confirmText: 'Yes, delete it', cancelText: 'Go back' },
      ]);
      expect(view.calls.some((call) => call.url === '/family/consents')).toBe(false);
      expect(screen.getByRole('button', { name: 'I agree' })).toBeEnabled();
    });

    it('when they confirm the refusal, then it is posted and a done message shows', async () => {
      const view = open();
      await userEvent.click(await screen.findByRole('button', { name: 'I do not agree' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for letting us know' })).toBeInTheDocument();
      expect(screen.getByText("Lina's account and data are being deleted.")).toBeInTheDocument();
      expect(view.calls.find((call) => call.url === '/family/consents')).toMatchObject({ body: { token: TOKEN, decision: 'refuse' } });
      expect(screen.queryByRole('button', { name: 'I agree' })).not.toBeInTheDocument();
    });

    it('when the server says the invitation was for another address (403), then its message shows and the parent stays signed in', async () => {
      const message = 'This invitation was sent to another address.';
      const view = open({ gateway: gateway({ consent: { status: 403, body: { error: message, message, code: 'wrong_parent' } } }) });
      await userEvent.click(await screen.findByRole('button', { name: 'I agree' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(view.refusals).toHaveLength(0);
      expect(screen.getByRole('heading', { level: 1, name: 'Lina wants to learn with KidsLearn' })).toBeInTheDocument();
    });

    it('when signed in with another address than the invited one, then it says so and offers to sign out, with no answer buttons', async () => {
      const view = open({ gateway: gateway({ invite: { status: 200, body: { ...invitation, parentEmail: 'Mum@Example.test' } } }) });
      expect(await screen.findByText('This invitation was sent to Mum@Example.test. Sign out, then sign in with that address to answer.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'I agree' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(view.auth.logout).toHaveBeenCalledWith(back);
    });

    it('when the invited address differs only in case, then the parent may answer', async () => {
      open({ gateway: gateway({ invite: { status: 200, body: { ...invitation, parentEmail: 'Parent@KidsLearn.test' } } }) });
      expect(await screen.findByRole('button', { name: 'I agree' })).toBeInTheDocument();
    });
  });
});
