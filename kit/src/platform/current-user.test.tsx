import { screen } from '@testing-library/react';
import { roleOf, useCurrentUser } from './useCurrentUser';
import { renderWithPlatform } from '../testing';

describe('the app role', () => {
  it.each<[string[], 'user' | 'admin' | undefined, string]>([
    [['user'], 'user', 'user'],
    [['user', 'admin'], 'user', 'user'],
    [['user'], 'admin', 'admin'],
    [['user', 'admin'], undefined, 'admin'],
    [['user', 'parent'], undefined, 'parent'],
    [['user', 'parent'], 'user', 'parent'],
    [['user', 'parent'], 'admin', 'admin'],
    [['user'], undefined, 'user'],
  ])('when the token has %j and the user record says %s, then the role is %s', (tokenRoles, profileRole, role) => {
    expect(roleOf(tokenRoles, profileRole)).toBe(role);
  });
});

describe('the current user who is a parent', () => {
  it('when a parent is signed in, then the role is parent at once, without a user-record lookup (parents have none)', async () => {
    function Who() {
      const user = useCurrentUser();
      return <p>{`${user.role ?? 'unknown'} ${user.profileLoading ? 'loading' : 'ready'}`}</p>;
    }
    const { calls } = renderWithPlatform(<Who />, { session: 'parent' });
    expect(screen.getByText('parent ready')).toBeInTheDocument();
    await screen.findByText('parent ready');
    expect(calls.filter((call) => call.url.startsWith('/users/email'))).toEqual([]);
  });
});
