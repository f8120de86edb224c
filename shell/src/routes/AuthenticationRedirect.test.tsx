import { waitFor } from '@testing-library/react';
import { returnPathFrom } from './AuthenticationRedirect';
import { learner, renderShell, usersWithRole } from '../test/test-platform';

describe('/authentication', () => {
  it('when a visitor arrives from a page, then the Keycloak login is opened to come back there', async () => {
    const { auth } = renderShell({ path: '/authentication', state: { from: '/about' } });
    await waitFor(() => expect(auth.login).toHaveBeenCalledWith('/about'));
  });

  it('when nothing says where they came from, then they come back to /', async () => {
    const { auth } = renderShell({ path: '/authentication' });
    await waitFor(() => expect(auth.login).toHaveBeenCalledWith('/'));
  });

  it('when the user is already signed in, then they go straight back', async () => {
    const { router, auth } = renderShell({ path: '/authentication', state: { from: '/course-details' }, session: learner, gateway: usersWithRole('user') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/course-details'));
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('when the return path points off-site, then / is used instead', () => {
    expect(returnPathFrom({ from: '//evil.test/x' }, '')).toBe('/');
    expect(returnPathFrom(null, '?from=https://evil.test')).toBe('/');
    expect(returnPathFrom(null, '?from=/gift')).toBe('/gift');
  });
});
