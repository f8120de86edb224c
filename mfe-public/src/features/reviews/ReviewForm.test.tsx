import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPublic, serveContent, type GatewayCall, type GatewayReply } from '../../test/render-public';

beforeEach(() => serveContent({}));
afterEach(() => jest.useRealTimers());

function gatewayWith(postReply: () => GatewayReply | Promise<GatewayReply>) {
  return (call: GatewayCall) => (call.method === 'POST' ? postReply() : { status: 200, body: [] });
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your Name'), 'Maya');
  await user.type(screen.getByLabelText('Email (optional)'), 'maya@example.test');
  await user.type(screen.getByLabelText('You are a (Parent, Teacher...)'), 'Parent');
  await user.type(screen.getByLabelText('Your Review'), 'Lovely lessons');
}

describe('Leave a Review form (SPEC §4, §5, §8)', () => {
  it('when typing a message, then the live counter shows the length and stops at 300', async () => {
    const user = userEvent.setup();
    renderPublic('/');
    expect(screen.getByText('0/300 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your Review'), 'Hello');
    expect(screen.getByText('5/300 characters')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Your Review'));
    await user.paste('x'.repeat(400));
    expect(screen.getByLabelText('Your Review')).toHaveValue('Hello' + 'x'.repeat(295));
    expect(screen.getByText('300/300 characters')).toBeInTheDocument();
  });

  it.each([
    ['the name', '', 'No name given'],
    ['the name (only spaces)', '   ', 'No name given'],
    ['the message', 'Maya', ''],
    ['the message (only spaces)', 'Maya', '   '],
  ])('when name or message is missing (%s), then nothing is sent', async (_case, name, message) => {
    const user = userEvent.setup();
    const { calls } = renderPublic('/', { gateway: gatewayWith(() => ({ status: 201 })) });
    if (name) await user.type(screen.getByLabelText('Your Name'), name);
    if (message) await user.type(screen.getByLabelText('Your Review'), message);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.queryByText('Thanks for your review!')).not.toBeInTheDocument();
  });

  it('when the form is shown, then name and message are required and the email is an email field', () => {
    renderPublic('/');
    expect(screen.getByLabelText('Your Name')).toBeRequired();
    expect(screen.getByLabelText('Your Review')).toBeRequired();
    expect(screen.getByLabelText('Email (optional)')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('You are a (Parent, Teacher...)')).not.toBeRequired();
  });

  it('when submitting, then inputs are disabled and the button reads "Submitting..."', async () => {
    const user = userEvent.setup();
    renderPublic('/', { gateway: gatewayWith(() => new Promise(() => undefined)) });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(screen.getByLabelText('Your Name')).toBeDisabled();
    expect(screen.getByLabelText('Your Review')).toBeDisabled();
  });

  it('when the review is accepted, then the form clears, the thanks toast shows and the list is fetched again', async () => {
    const user = userEvent.setup();
    const { calls } = renderPublic('/', { gateway: gatewayWith(() => ({ status: 201, body: {} })) });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Thanks for your review!')).toBeInTheDocument();
    expect(screen.getByLabelText('Your Name')).toHaveValue('');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Maya', email: 'maya@example.test', title: 'Parent', message: 'Lovely lessons' });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === '/review')).toHaveLength(2));
  });

  it('when the server fails, then the generic error toast shows and vanishes after 5 seconds', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPublic('/', { gateway: gatewayWith(() => ({ status: 500, body: { message: 'db down' } })) });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Something went wrong. Try again later.')).toBeInTheDocument();
    expect(screen.queryByText('db down')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your Name')).toHaveValue('Maya');
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText('Something went wrong. Try again later.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Something went wrong. Try again later.')).not.toBeInTheDocument();
  });
});
