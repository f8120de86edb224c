import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFamily } from '../../test/render-family';

describe('/family, the parent’s page', () => {
  it('when the children are still loading, then a friendly heading and a spinner show', async () => {
    renderFamily('/family', { gateway: (req) => (req.url === '/family/children' ? new Promise(() => undefined) : { status: 404 }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Pat!' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
  });

  it('when no child is linked, then the empty state says so', async () => {
    renderFamily('/family', { gateway: (req) => (req.url === '/family/children' ? { status: 200, body: [] } : { status: 404 }) });
    expect(await screen.findByText('No children linked yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('when the server does not offer the list yet (404), then the empty state shows, not an error', async () => {
    renderFamily('/family', { gateway: () => ({ status: 404, body: { error: 'Not Found' } }) });
    expect(await screen.findByText('No children linked yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the children cannot be loaded, then an error shows and Try again asks again', async () => {
    let calls = 0;
    const { calls: seen } = renderFamily('/family', {
      gateway: (req) => {
        if (req.url !== '/family/children') return { status: 404 };
        calls += 1;
        return calls === 1 ? { status: 500, body: { error: 'down' } } : { status: 200, body: [] };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your children just now.");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No children linked yet')).toBeInTheDocument();
    expect(seen.filter((req) => req.url === '/family/children')).toHaveLength(2);
  });

  it('when children are linked, then each shows by name, in the order the server gives', async () => {
    renderFamily('/family', {
      gateway: (req) => (req.url === '/family/children' ? { status: 200, body: [{ id: 'c1', name: 'Lina' }, { id: 'c2', name: 'Omar' }, { bad: true }] } : { status: 404 }),
    });
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect([...list.querySelectorAll('.fam-child-name')].map((name) => name.textContent)).toEqual(['Lina', 'Omar']);
    expect(screen.queryByText('No children linked yet')).not.toBeInTheDocument();
  });
});
