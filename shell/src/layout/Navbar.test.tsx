import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, learner, parent, renderShell, usersWithRole } from '../test/test-platform';

const bar = () => screen.getByRole('navigation', { name: 'Main' });

describe('navbar and footer (SPEC §2)', () => {
  it('when a visitor looks, then Login and Register show with the learner menu', () => {
    renderShell({ path: '/' });
    expect(within(bar()).getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(within(bar()).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/authentication/registration');
    for (const label of ['Course Details', 'My Classes', 'Avatar', 'Premium', 'Standings', 'Games', 'Gift']) {
      expect(within(bar()).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(bar()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'KidsLearn home' })).toHaveAttribute('href', '/');
  });

  it('when Login is pressed, then /authentication is opened carrying the current page', async () => {
    const { router } = renderShell({ path: '/about' });
    await userEvent.click(within(bar()).getByRole('button', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/authentication');
    expect(router.state.location.state).toEqual({ from: '/about' });
  });

  it('when a learner is signed in, then the gem badge, avatar and Sign out show', async () => {
    const { auth } = renderShell({ path: '/', session: learner, gateway: usersWithRole('user', { gems: 12, img: 'https://img.test/a.png' }) });
    expect(within(bar()).getByText('Loading...')).toBeInTheDocument();
    expect(await within(bar()).findByText('12 gems')).toBeInTheDocument();
    expect(within(bar()).getByRole('img', { name: 'Lina avatar' })).toHaveAttribute('src', 'https://img.test/a.png');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Sign out' }));
    expect(auth.logout).toHaveBeenCalledWith('/');
  });

  it('when the profile is still loading, then the loading text is shown in the avatar’s place, not only to screen readers (SPEC §2)', async () => {
    renderShell({ path: '/', session: learner, gateway: usersWithRole('user') });
    const loading = within(bar()).getByText('Loading...');
    expect(loading.closest('.kl-visually-hidden')).toBeNull();
    expect(loading).toHaveClass('avatar');
    expect(await within(bar()).findByRole('img', { name: 'Lina avatar' })).toBeInTheDocument();
    expect(within(bar()).queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('when an admin is signed in, then the menu has only Dashboard and the bar has no gem badge', async () => {
    renderShell({ path: '/', session: admin, gateway: usersWithRole('admin') });
    expect(await within(bar()).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(bar()).queryByRole('link', { name: 'Gift' })).not.toBeInTheDocument();
    expect(within(bar()).queryByText(/gems/)).not.toBeInTheDocument();
  });

  it('when the small-screen menu is opened by an admin, then the dropdown shows the gem badge', async () => {
    renderShell({ path: '/', session: admin, gateway: usersWithRole('admin', { gems: 3 }) });
    await within(bar()).findByRole('link', { name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dropdown = document.getElementById('small-menu')!;
    expect(await within(dropdown).findByText('3 gems')).toBeInTheDocument();
    expect(within(dropdown).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('when any page shows, then the footer has social links, app-store links and copyright 2025', () => {
    renderShell({ path: '/' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'YouTube' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Download on the App Store' })).toBeInTheDocument();
    expect(within(footer).getByText(/© 2025/)).toBeInTheDocument();
  });

  it('when the small-screen menu is open, then it sits inside the Main navigation and Escape or a click outside closes it', async () => {
    renderShell({ path: '/' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(toggle);
    expect(bar().contains(document.getElementById('small-menu'))).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(document.getElementById('small-menu')).toBeNull();
    expect(toggle).toHaveFocus();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('contentinfo'));
    expect(document.getElementById('small-menu')).toBeNull();
  });

  it('when a parent is signed in, then the menu ends with Family and the bar has no gem badge', async () => {
    renderShell({ path: '/', session: parent, gateway: usersWithRole('parent') });
    expect(await within(bar()).findByRole('link', { name: 'Family' })).toHaveAttribute('href', '/family');
    expect(within(bar()).getAllByRole('link').map((link) => link.textContent).slice(-2)).toEqual(['Gift', 'Family']);
    expect(within(bar()).queryByText(/gems/)).not.toBeInTheDocument();
  });

  it('when a learner or a visitor looks, then there is no Family entry', async () => {
    renderShell({ path: '/', session: learner, gateway: usersWithRole('user') });
    await within(bar()).findByText('7 gems');
    expect(within(bar()).queryByRole('link', { name: 'Family' })).not.toBeInTheDocument();
  });

});
