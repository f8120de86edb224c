import { createGatewayApi, createStore, signedIn, type Platform } from '@kidslearn/kit/platform';
import { createTestPlatform, fakeBaseQuery, learner, type FakeHandler } from '@kidslearn/kit/testing';
import { waitFor } from '@testing-library/react';
import { recordSignedInUser } from './record-user';

afterEach(() => jest.restoreAllMocks());

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) } as Storage;
}

describe('recording the signed-in user', () => {
  it('when a learner signs in, then the portal records them once', async () => {
    const { platform, calls } = createTestPlatform({ session: 'learner', gateway: (req) => (req.method === 'POST' ? { status: 201, body: {} } : { status: 404 }) });
    const storage = memoryStorage();
    await recordSignedInUser(platform, storage);
    await recordSignedInUser(platform, storage);
    expect(calls.filter((call) => call.method === 'POST' && call.url === '/users')).toHaveLength(1);
  });

  it('when a parent signs in, then no learner record is made for them', async () => {
    const { platform, calls } = createTestPlatform({ session: 'parent', gateway: () => ({ status: 201, body: {} }) });
    await recordSignedInUser(platform, memoryStorage());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("when a new Google user's profile read races the POST /users that creates it, then the profile is read again and found", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // The gateway as the race leaves it: no record until POST /users made it (the test platform's defaults
    // would answer the profile at once, so this one has a gateway of its own).
    let recorded = false;
    const gateway: FakeHandler = (req) => {
      if (req.method === 'POST' && req.url === '/users') {
        recorded = true;
        return { status: 201, body: {} };
      }
      if (req.url.startsWith('/users/email')) return recorded ? { status: 200, body: { _id: 'u1', name: learner.name, email: learner.email, role: 'user' } } : { status: 404, body: { message: 'User not found' } };
      return { status: 404 };
    };
    const api = createGatewayApi(fakeBaseQuery(gateway));
    const { store } = createStore(api);
    store.dispatch(signedIn(learner));
    const platform: Platform = { ...createTestPlatform({ session: 'learner' }).platform, store, api };

    // The page asked for the profile first (useCurrentUser's subscription) and got the 404.
    const profile = store.dispatch(api.endpoints.getUserByEmail.initiate(learner.email));
    expect((await profile).error).toMatchObject({ status: 404 });

    await recordSignedInUser(platform, memoryStorage());
    await waitFor(() => expect(api.endpoints.getUserByEmail.select(learner.email)(store.getState()).data).toMatchObject({ _id: 'u1', role: 'user' }));
    profile.unsubscribe();
  });
});
