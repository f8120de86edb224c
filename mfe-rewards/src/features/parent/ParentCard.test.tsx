import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeHandler, FakeReply, FakeRequest } from '@kidslearn/kit/testing';
import { renderRewards } from '../../test/render-rewards';

type Me = { parentEmail: string | null; status: 'none' | 'invited' | 'consented'; consentMode: 'required' | 'optional' };

/** /avater with no avatars; GET /family/parent answers `me`; PUT answers `put` (default: invited at the address sent). */
function gateway(me: Me, put?: (req: FakeRequest) => FakeReply): FakeHandler {
  return (req) => {
    if (req.url === '/avaters') return { status: 200, body: [] };
    if (req.url === '/family/parent' && req.method === 'GET') return { status: 200, body: me };
    if (req.url === '/family/parent' && req.method === 'PUT')
      return put ? put(req) : { status: 200, body: { ...me, status: 'invited', parentEmail: (req.body as { parentEmail: string }).parentEmail } };
    return { status: 404 };
  };
}

const card = () => screen.findByRole('region', { name: 'Your parent' });

describe('/avater: "Your parent" (families)', () => {
  it('when no parent is named, then a form asks for their email and sends it; the card then says the parent was asked', async () => {
    const view = renderRewards('/avater', { gateway: gateway({ parentEmail: null, status: 'none', consentMode: 'optional' }) });
    const region = await card();
    const field = within(region).getByLabelText("Your parent's email");
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveAccessibleDescription("We'll ask your parent to agree.");
    await userEvent.type(field, ' mum@example.test ');
    await userEvent.click(within(region).getByRole('button', { name: 'Ask my parent' }));
    expect(await within(region).findByText('We asked mum@example.test to agree.')).toBeInTheDocument();
    expect(view.calls.find((call) => call.method === 'PUT')).toMatchObject({ url: '/family/parent', body: { parentEmail: 'mum@example.test' } });
    expect(view.feedback.toasts).toEqual([{ text: 'We sent an email to mum@example.test.', icon: 'success' }]);
  });

  it.each([
    ['', "Please type your parent's email."],
    ['mum@', 'Please type a whole email address, like name@example.com.'],
  ])('when the email typed is %j, then the field says "%s" and nothing is sent', async (typed, message) => {
    const view = renderRewards('/avater', { gateway: gateway({ parentEmail: null, status: 'none', consentMode: 'optional' }) });
    const region = await card();
    if (typed) await userEvent.type(within(region).getByLabelText("Your parent's email"), typed);
    await userEvent.click(within(region).getByRole('button', { name: 'Ask my parent' }));
    expect(within(region).getByLabelText("Your parent's email")).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(view.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it.each([400, 409])('when the server refuses the email (%i), then its message shows at the field', async (status) => {
    const message = 'That is your own email. Please type your parent’s.';
    renderRewards('/avater', { gateway: gateway({ parentEmail: null, status: 'none', consentMode: 'optional' }, () => ({ status, body: { error: message, message, code: 'x' } })) });
    const region = await card();
    await userEvent.type(within(region).getByLabelText("Your parent's email"), 'lina@example.test');
    await userEvent.click(within(region).getByRole('button', { name: 'Ask my parent' }));
    await waitFor(() => expect(within(region).getByLabelText("Your parent's email")).toHaveAccessibleDescription(expect.stringContaining(message)));
  });

  it('when the parent was asked, then the learner can send the mail again or change the address', async () => {
    const view = renderRewards('/avater', { gateway: gateway({ parentEmail: 'mum@example.test', status: 'invited', consentMode: 'optional' }) });
    const region = await card();
    expect(within(region).getByText('We asked mum@example.test to agree.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(view.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(view.calls.find((call) => call.method === 'PUT')?.body).toEqual({ parentEmail: 'mum@example.test' });

    await userEvent.click(within(region).getByRole('button', { name: 'Change email' }));
    const field = within(region).getByLabelText("Your parent's email");
    expect(field).toHaveValue('mum@example.test');
    await userEvent.clear(field);
    await userEvent.type(field, 'dad@example.test');
    await userEvent.click(within(region).getByRole('button', { name: 'Ask my parent' }));
    expect(await within(region).findByText('We asked dad@example.test to agree.')).toBeInTheDocument();
    expect(view.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ parentEmail: 'mum@example.test' }, { parentEmail: 'dad@example.test' }]);
  });

  it('while the avatars are on their way, then the card waits below them (its answer already read) and shows once the carousel is in place', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answers = gateway({ parentEmail: 'mum@example.test', status: 'consented', consentMode: 'optional' });
    const view = renderRewards('/avater', { gateway: async (req) => (req.url === '/avaters' ? held.then(() => answers(req)) : answers(req)) });
    await waitFor(() => expect(view.calls.some((call) => call.url === '/family/parent')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Your parent' })).not.toBeInTheDocument();
    release();
    expect(await card()).toBeInTheDocument();
  });

  it('when the parent agreed, then the card says so and offers nothing to change', async () => {
    renderRewards('/avater', { gateway: gateway({ parentEmail: 'mum@example.test', status: 'consented', consentMode: 'required' }) });
    const region = await card();
    expect(within(region).getByText('mum@example.test has agreed.')).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    expect(within(region).queryByText('A parent must agree before you can get gifts.')).not.toBeInTheDocument();
  });

  it('when consent is required and not given yet, then the card says a parent must agree before gifts', async () => {
    renderRewards('/avater', { gateway: gateway({ parentEmail: null, status: 'none', consentMode: 'required' }) });
    expect(within(await card()).getByText('A parent must agree before you can get gifts.')).toBeInTheDocument();
  });

  it('when the parent cannot be read, then the card is left out and the failure only logged', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRewards('/avater', { gateway: (req) => (req.url === '/family/parent' ? { status: 500 } : req.url === '/avaters' ? { status: 200, body: [] } : { status: 404 }) });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Loading your parent failed', expect.anything()));
    expect(screen.queryByRole('region', { name: 'Your parent' })).not.toBeInTheDocument();
    error.mockRestore();
  });
});
