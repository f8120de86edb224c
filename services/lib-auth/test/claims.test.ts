import { bearerToken, toAuthUser } from '../src';

describe('toAuthUser', () => {
  it('when the token has realm roles, then admin is read from them and the email lower-cased', () => {
    expect(toAuthUser({ sub: 's1', email: 'Adam@KidsLearn.test', name: 'Adam Admin', realm_access: { roles: ['user', 'admin'] } })).toEqual({
      sub: 's1',
      email: 'adam@kidslearn.test',
      name: 'Adam Admin',
      roles: ['user', 'admin'],
      isAdmin: true,
      isParent: false,
    });
  });

  it('when the token carries the realm role parent, then the caller is a parent (learner-only routes refuse them)', () => {
    expect(toAuthUser({ sub: 'p1', email: 'pat@x.test', realm_access: { roles: ['user', 'parent'] } })).toMatchObject({ isAdmin: false, isParent: true });
  });

  it('when roles are missing, then the user is a non-admin with no roles', () => {
    expect(toAuthUser({ sub: 's2', email: 'a@b.c' })).toMatchObject({ roles: [], isAdmin: false, isParent: false, name: 'a@b.c' });
  });

  it('when the token says when it was issued, then issuedAtMs carries it in milliseconds (an erased learner\'s older tokens are refused by it)', () => {
    expect(toAuthUser({ sub: 's3', email: 'a@b.c', iat: 1_700_000_000 }).issuedAtMs).toBe(1_700_000_000_000);
    expect(toAuthUser({ sub: 's3', email: 'a@b.c' })).not.toHaveProperty('issuedAtMs');
  });
});

describe('bearerToken', () => {
  it('when the header is a bearer token, then the token is returned; else undefined', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic dXNlcg==')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
});
