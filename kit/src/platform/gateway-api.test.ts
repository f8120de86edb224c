import { waitFor } from '@testing-library/react';
import { createTestPlatform, learner } from '../testing';

afterEach(() => jest.restoreAllMocks());

describe("the signed-in user's profile read (GET /users/email)", () => {
  it('when it fails, then the failure is logged with its status and answer, never the email (SPEC §8: only logged)', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, platform } = createTestPlatform({
      session: 'learner',
      gateway: (req) => (req.url.startsWith('/users/email') ? { status: 503, body: { message: 'content is unavailable' } } : { status: 404 }),
    });
    const read = await store.dispatch(platform.api.endpoints.getUserByEmail.initiate(learner.email));
    expect(read.isError).toBe(true);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Loading the user profile failed', { status: 503, data: { message: 'content is unavailable' } }));
    expect(error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(error.mock.calls)).not.toContain(learner.email);
  });

  it('when it succeeds, then nothing is logged', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, platform } = createTestPlatform({ session: 'learner' });
    const read = await store.dispatch(platform.api.endpoints.getUserByEmail.initiate(learner.email));
    expect(read.data).toMatchObject({ email: learner.email });
    expect(error).not.toHaveBeenCalled();
  });
});
