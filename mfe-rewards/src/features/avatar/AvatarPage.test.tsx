import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRewards } from '../../test/render-rewards';

const avatars = [{ img: 'http://img/owl.svg' }, { img: 'http://img/fox.svg' }];

describe('/avater (SPEC §2, §4)', () => {
  it("when an avatar is added, then it is saved for the learner, 'Avater has Changed' shows and the cached user is read again", async () => {
    let userReads = 0;
    const view = renderRewards('/avater', {
      gateway: (req) => {
        if (req.url === '/avaters') return { status: 200, body: avatars };
        if (req.url.startsWith('/avater/') && req.method === 'PATCH') return { status: 200, body: { img: 'http://img/owl.svg' } };
        if (req.url.startsWith('/users/email')) userReads += 1;
        return { status: 404 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add avatar 1' }));
    await waitFor(() => expect(view.feedback.alerts).toEqual([{ title: 'Avater has Changed', icon: 'success', timer: 2000 }]));
    const patch = view.calls.find((call) => call.method === 'PATCH');
    expect(patch).toMatchObject({ url: '/avater/learner%40kidslearn.test', body: { img: 'http://img/owl.svg' } });
    await waitFor(() => expect(userReads).toBeGreaterThanOrEqual(2));
  });

  it('when the avatars cannot be loaded, then it is only logged', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRewards('/avater', { gateway: () => ({ status: 500 }) });
    await waitFor(() => expect(error).toHaveBeenCalledWith('Loading the avatars failed', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
