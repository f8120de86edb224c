import { screen, waitFor, within } from '@testing-library/react';
import { createAreas } from '../areas/areas';
import { admin, defaultManifest, learner, parent, renderShell, usersWithRole } from '../test/test-platform';

describe('route guards (SPEC §6)', () => {
  it('when a visitor opens a learner-only page, then they go to /authentication carrying the original path', async () => {
    const { router, auth } = renderShell({ path: '/my-classes' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    expect(router.state.location.state).toEqual({ from: '/my-classes' });
    await waitFor(() => expect(auth.login).toHaveBeenCalledWith('/my-classes'));
  });

  it('when an admin opens a learner-only page, then they are sent to /forbidden', async () => {
    const { router } = renderShell({ path: '/gift', session: admin, gateway: usersWithRole('admin') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
    expect(await screen.findByText('remote mfe_public')).toBeInTheDocument();
  });

  it('when a learner opens a learner-only page, then the learning remote is mounted', async () => {
    renderShell({ path: '/my-classes', session: learner, gateway: usersWithRole('user') });
    expect(await screen.findByText('remote mfe_learning')).toBeInTheDocument();
  });

  it('when the role has not loaded yet, then a learner-only page shows a spinner, stays put and mounts no remote', async () => {
    const { router } = renderShell({ path: '/standings', session: learner, gateway: () => new Promise(() => undefined) });
    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent('Loading...');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/standings');
    expect(screen.queryByText(/^remote /)).not.toBeInTheDocument();
  });

  it('when the session is still loading, then /dashboard shows a spinner, stays put and mounts no remote', async () => {
    const { router } = renderShell({ path: '/dashboard', session: 'loading' });
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading...');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText(/^remote /)).not.toBeInTheDocument();
  });

  it('when a learner opens /dashboard, then they are sent to /forbidden', async () => {
    const { router } = renderShell({ path: '/dashboard/my-users', session: learner, gateway: usersWithRole('user') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
  });

  it('when a visitor opens /dashboard, then they are sent to /forbidden', async () => {
    const { router } = renderShell({ path: '/dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
  });

  it('when an admin opens /dashboard, then the admin remote is mounted', async () => {
    renderShell({ path: '/dashboard', session: admin, gateway: usersWithRole('admin') });
    expect(await screen.findByText('remote mfe_admin')).toBeInTheDocument();
  });

  it('when the role lookup fails, then the token roles decide', async () => {
    const { router } = renderShell({ path: '/dashboard', session: admin, gateway: () => ({ status: 500 }) });
    expect(await screen.findByText('remote mfe_admin')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('when an unknown path is opened, then a friendly 404 shows with a way home', async () => {
    renderShell({ path: '/no-such-page' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
  });

  it('when a parent opens /family, then the family remote is mounted', async () => {
    renderShell({ path: '/family', session: parent, gateway: usersWithRole('parent') });
    expect(await screen.findByText('remote mfe_family')).toBeInTheDocument();
  });

  it.each(['/my-classes', '/gift', '/dashboard', '/dashboard/my-users'])('when a parent opens %s (learner or admin only), then they are sent to /forbidden', async (path) => {
    const { router } = renderShell({ path, session: parent, gateway: usersWithRole('parent') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
  });

  it.each([
    ['a learner', learner, usersWithRole('user')],
    ['an admin', admin, usersWithRole('admin')],
  ])('when %s opens /family, then they are sent to /forbidden', async (_who, session, gateway) => {
    const { router } = renderShell({ path: '/family', session, gateway });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
    expect(screen.queryByText('remote mfe_family')).not.toBeInTheDocument();
  });

  it('when a visitor opens /family, then they sign in first, coming back to it', async () => {
    const { router } = renderShell({ path: '/family' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
    expect(router.state.location.state).toEqual({ from: '/family' });
  });

  it('when config.json has no family area, then /family is a page like any unknown one, even for a parent', async () => {
    const manifest = defaultManifest();
    const areas = createAreas({ areas: manifest.areas.filter((area) => area.name !== 'mfe_family') });
    renderShell({ areas, path: '/family', session: parent, gateway: usersWithRole('parent') });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
