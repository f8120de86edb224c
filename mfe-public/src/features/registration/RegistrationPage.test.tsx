import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPublic, serveContent, type GatewayReply } from '../../test/render-public';

beforeEach(() => serveContent({}));

const photo = new File(['png'], 'me.png', { type: 'image/png' });

/** Opens the page (it loads on demand) and waits for the form. */
async function setup(reply: () => GatewayReply | Promise<GatewayReply> = () => ({ status: 201, body: {} })) {
  const user = userEvent.setup();
  const view = renderPublic('/authentication/registration', { gateway: () => reply() });
  await screen.findByRole('heading', { name: 'Create an Account' });
  const fill = async (o: { photo?: boolean; password?: string; terms?: boolean; parentEmail?: string } = {}) => {
    await user.type(screen.getByLabelText('Your Name'), 'Lina');
    if (o.photo !== false) await user.upload(screen.getByLabelText('Photo'), photo);
    await user.type(screen.getByLabelText('Email'), 'lina@example.test');
    await user.type(screen.getByLabelText('Password'), o.password ?? 'Learner123');
    if (o.parentEmail) await user.type(screen.getByLabelText("Parent's email (optional)"), o.parentEmail);
    if (o.terms !== false) await user.click(screen.getByLabelText('Term & Conditions'));
  };
  const register = () => user.click(screen.getByRole('button', { name: 'Register' }));
  return { ...view, user, fill, register };
}

describe('registration form (SPEC §2, §5, §8)', () => {
  it('when the page opens, then it shows the form with a Login? link and the Google button', async () => {
    await setup();
    expect(screen.getByRole('heading', { name: 'Create an Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Photo')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('link', { name: 'Login?' })).toHaveAttribute('href', '/authentication');
    expect(screen.getByRole('button', { name: /Login with Google/ })).toBeInTheDocument();
  });

  it('when no photo is chosen, then "Please select a photo." shows and nothing is sent', async () => {
    const { fill, register, calls } = await setup();
    await fill({ photo: false });
    await register();
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a photo.');
    expect(calls).toHaveLength(0);
  });

  it.each(['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])('when the password is %s, then the password rule message shows', async (password) => {
    const { fill, register, calls } = await setup();
    await fill({ password });
    await register();
    expect(screen.getByRole('alert')).toHaveTextContent('Password must contain one Upperletter one Lowerletter one symbol and a digit');
    expect(calls).toHaveLength(0);
  });

  it('when the terms are not checked, then the terms message shows', async () => {
    const { fill, register } = await setup();
    await fill({ terms: false });
    await register();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the Terms and Condition Feild');
  });

  it('when the password toggle is pressed, then the password becomes visible and hidden again', async () => {
    const { user } = await setup();
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    // One name, one state: announced as "Show password, pressed".
    expect(screen.getByRole('button', { name: 'Show password', pressed: true })).toBe(toggle);
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('when the form is valid, then it posts multipart to /registrations and the verification alert shows (SPEC §8)', async () => {
    const { fill, register, calls, feedback } = await setup();
    await fill();
    await register();
    await waitFor(() => expect(feedback.alerts).toEqual([{ title: 'Verification email sent. Please check your inbox.', icon: 'success' }]));
    expect(screen.queryByText('Verification email sent. Please check your inbox.')).not.toBeInTheDocument();
    const call = calls[0]!;
    expect(call).toMatchObject({ method: 'POST', url: '/registrations' });
    const body = call.body as FormData;
    expect(body.get('name')).toBe('Lina');
    expect(body.get('email')).toBe('lina@example.test');
    expect(body.get('password')).toBe('Learner123');
    expect(body.get('terms')).toBe('true');
    expect((body.get('image') as File).name).toBe('me.png');
    // Families: the optional parent's email is not sent when left empty.
    expect(body.has('parentEmail')).toBe(false);
    expect(screen.getByLabelText('Your Name')).toHaveValue('');
  });

  it("when the optional Parent's email is shown, then it is an email field with a hint tied to it", async () => {
    await setup();
    const field = screen.getByLabelText("Parent's email (optional)");
    expect(field).toHaveAttribute('type', 'email');
    expect(field).not.toBeRequired();
    expect(field).toHaveAccessibleDescription("We'll ask your parent to agree.");
  });

  it("when a parent's email is given, then it is sent as parentEmail beside every other field, and cleared after success", async () => {
    const { fill, register, calls, feedback } = await setup();
    await fill({ parentEmail: ' mum@example.test ' });
    await register();
    await waitFor(() => expect(feedback.alerts).toEqual([{ title: 'Verification email sent. Please check your inbox.', icon: 'success' }]));
    const body = calls[0]!.body as FormData;
    expect(body.get('parentEmail')).toBe('mum@example.test');
    expect([...body.keys()].sort()).toEqual(['email', 'image', 'name', 'parentEmail', 'password', 'terms']);
    expect(screen.getByLabelText("Parent's email (optional)")).toHaveValue('');
  });

  it('when the server refuses, then its message shows on the page', async () => {
    const { fill, register } = await setup(() => ({ status: 409, body: { error: 'Conflict', message: 'An account with this email already exists.' } }));
    await fill();
    await register();
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });

  it('when Login with Google is pressed, then Keycloak is opened with the google identity provider', async () => {
    const { user, platform } = await setup();
    await user.click(screen.getByRole('button', { name: /Login with Google/ }));
    expect(platform.auth.login).toHaveBeenCalledWith('/', { idpHint: 'google' });
  });
});
