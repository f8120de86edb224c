import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFamily } from '../../test/render-family';
import { lina, linaLearning, omar } from '../../test/family-fixtures';

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

  it('when children are linked, then each has a card with photo, name and a link to their page, in the order the server gives', async () => {
    renderFamily('/family', { gateway: (req) => (req.url === '/family/children' ? { status: 200, body: [lina, omar, { bad: true }] } : { status: 404 }) });
    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(list).getAllByRole('heading', { level: 3 }).map((name) => name.textContent)).toEqual(['Lina', 'Omar']);
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', 'http://img.test/lina.png');
    // No photo: the initial stands in, hidden from screen readers (the name is written beside it).
    expect(within(cards[1]!).getByText('O')).toHaveAttribute('aria-hidden', 'true');
    expect(within(cards[0]!).getByRole('link', { name: "See Lina's learning" })).toHaveAttribute('href', '/family/children/link-lina-0001');
    expect(screen.queryByText('No children linked yet')).not.toBeInTheDocument();
  });

  it("when the parent opens a child's card, then the child's page shows the per-lesson results first (two clicks from signing in)", async () => {
    renderFamily('/family', {
      gateway: (req) => {
        if (req.url === '/family/children') return { status: 200, body: [lina] };
        if (req.url === '/family/children/link-lina-0001/learning') return { status: 200, body: linaLearning };
        return { status: 404 };
      },
    });
    await userEvent.click(await screen.findByRole('link', { name: "See Lina's learning" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lina' })).toBeInTheDocument();
    const regions = screen.getAllByRole('region');
    expect(regions[0]).toHaveAccessibleName('Lessons');
    expect(await within(regions[0]!).findByRole('table', { name: "Lina's lessons" })).toBeInTheDocument();
  });
});
