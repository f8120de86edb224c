import { createLearner, keycloakAdmin, tokenFor, uniqueDbUrl } from '../src';

describe('testkit against Keycloak', () => {
  it('when a learner is created, then it is verified, can get a token and carries the user role', async () => {
    const learner = await createLearner();
    const claims = JSON.parse(Buffer.from(learner.token.split('.')[1]!, 'base64url').toString());
    expect(claims.email).toBe(learner.email);
    expect(claims.realm_access.roles).toContain('user');
    expect(claims.realm_access.roles).not.toContain('admin');
    expect(await tokenFor(learner.email, learner.password)).toEqual(expect.any(String));
    await keycloakAdmin().deleteUser(learner.id);
    expect(await keycloakAdmin().findUserByEmail(learner.email)).toBeNull();
  });

  it('when asked for a db url, then each call names a fresh kidslearn-test database', () => {
    const [a, b] = [uniqueDbUrl('x'), uniqueDbUrl('x')];
    expect(a).toMatch(/\/kidslearn-test-x-[0-9a-f]{8}/);
    expect(a).not.toBe(b);
  });
});
