import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeHandler } from '@kidslearn/kit/testing';
import { renderAdmin } from '../../test/render-admin';

const lina = { _id: 'u1', name: 'Lina Learner', email: 'lina@x.test', role: 'user' };
const boss = { _id: 'u2', name: 'Bo Boss', email: 'bo@x.test', role: 'admin' };
const me = { _id: 'u3', name: 'Adam Admin', email: 'admin@kidslearn.test', role: 'user' };

function gateway(overrides: { erase?: { status: number; body?: unknown }; exported?: { status: number; body?: unknown } } = {}): FakeHandler {
  return (req) => {
    if (req.method === 'GET' && req.url.startsWith('/users?')) return { status: 200, body: { items: [lina, boss, me], total: 3, page: 1, limit: 20 } };
    if (req.method === 'DELETE' && req.url === '/users/u1') return overrides.erase ?? { status: 202, body: { message: "The learner's data is being deleted." } };
    if (req.method === 'GET' && req.url === '/users/u1/export') return overrides.exported ?? { status: 200, body: { learner: { userId: 'u1' }, gifts: { redemptions: [] } } };
    return { status: 404 };
  };
}

/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const rowOf = async (name: string) => (await screen.findByRole('table', { name: 'All users' })).querySelector(`tbody tr:nth-child(${[lina, boss, me].findIndex((u) => u.name === name) + 1})`) as HTMLElement;

describe('My Users: a learner\'s data (export, delete)', () => {
  const created: Blob[] = [];
  beforeEach(() => {
    created.length = 0;
    URL.createObjectURL = jest.fn((blob: Blob) => (created.push(blob), 'blob:export')) as typeof URL.createObjectURL;
    URL.revokeObjectURL = jest.fn();
  });

  it('when Export data is clicked, then the learner\'s export is fetched and downloaded as one JSON file, and success is told', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('kidslearn-learner-u1.json');
      expect(this.href).toBe('blob:export');
    });
    const view = renderAdmin('/dashboard/my-users', { gateway: gateway() });
    await userEvent.click(within(await rowOf('Lina Learner')).getByRole('button', { name: 'Export data of Lina Learner' }));
    await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'The data of Lina Learner was downloaded.', icon: 'success' }]));
    expect(click).toHaveBeenCalledTimes(1);
    expect(JSON.parse(await textOf(created[0]!))).toEqual({ learner: { userId: 'u1' }, gifts: { redemptions: [] } });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:export');
    click.mockRestore();
  });

  it('when the export fails, then nothing is downloaded and the failure is told', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderAdmin('/dashboard/my-users', { gateway: gateway({ exported: { status: 503, body: { message: 'The export could not be completed. Please try again in a moment.' } } }) });
    await userEvent.click(within(await rowOf('Lina Learner')).getByRole('button', { name: 'Export data of Lina Learner' }));
    await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'The export could not be completed. Please try again in a moment.', icon: 'error' }]));
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('when Delete is clicked, then a confirmation names what goes and that it cannot be undone; cancelled sends nothing, confirmed deletes and tells so', async () => {
    const view = renderAdmin('/dashboard/my-users', { gateway: gateway() });
    const remove = within(await rowOf('Lina Learner')).getByRole('button', { name: 'Delete Lina Learner' });
    view.feedback.confirmAnswer = false;
    await userEvent.click(remove);
    expect(view.feedback.confirms).toEqual([
      {
        title: 'Delete Lina Learner?',
        text: expect.stringMatching(/photo.*quiz results.*gems.*delivery addresses.*cannot be undone/s),
        confirmText: 'Delete everything',
        cancelText: 'Cancel',
      },
    ]);
    expect(view.calls.some((call) => call.method === 'DELETE')).toBe(false);

    view.feedback.confirmAnswer = true;
    await userEvent.click(remove);
    await waitFor(() => expect(view.feedback.toasts).toEqual([{ text: 'The data of Lina Learner was deleted.', icon: 'success' }]));
    expect(view.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/users/u1']);
    // The list is asked for again (the learner is gone).
    await waitFor(() => expect(view.calls.filter((call) => call.method === 'GET' && call.url.startsWith('/users?')).length).toBeGreaterThan(1));
  });

  it('when the server refuses the delete, then its reason shows', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderAdmin('/dashboard/my-users', { gateway: gateway({ erase: { status: 503, body: { message: 'Sign-in is not available right now. Please try again in a moment.' } } }) });
    await userEvent.click(within(await rowOf('Lina Learner')).getByRole('button', { name: 'Delete Lina Learner' }));
    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Could not delete the data. Please try again.', text: 'Sign-in is not available right now. Please try again in a moment.', icon: 'error' }]));
    error.mockRestore();
  });

  it('when a row is an admin or oneself, then it can be exported but not deleted here', async () => {
    renderAdmin('/dashboard/my-users', { gateway: gateway() });
    for (const name of ['Bo Boss', 'Adam Admin']) {
      const row = within(await rowOf(name));
      expect(row.getByRole('button', { name: `Export data of ${name}` })).toBeEnabled();
      expect(row.queryByRole('button', { name: `Delete ${name}` })).toBeNull();
    }
  });
});
