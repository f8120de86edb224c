import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { defaultConfig } from '../config/runtime-config';
import { createRemoteLoader } from './remote-loader';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const lifecycles = { bootstrap: async () => undefined, mount: async () => undefined, unmount: async () => undefined };
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(() => {
  jest.useFakeTimers();
  load.mockReset();
  (registerRemotes as jest.Mock).mockReset();
});
afterEach(() => jest.useRealTimers());

describe('the remote loader', () => {
  it('when a remote is asked for again while it loads, then both callers share one load', async () => {
    load.mockResolvedValue(lifecycles);
    const loader = createRemoteLoader(defaultConfig.remotes);
    const [first, second] = await Promise.all([loader('mfe_public'), loader('mfe_public')]);
    expect(first).toBe(second);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when a load has failed for good, then the next call (Try again) starts a new one', async () => {
    load.mockRejectedValue(new Error('offline'));
    const loader = createRemoteLoader(defaultConfig.remotes);
    const failed = loader('mfe_public');
    const settled = expect(failed).rejects.toThrow('offline');
    await jest.runAllTimersAsync();
    await settled;
    expect(load).toHaveBeenCalledTimes(3);

    load.mockResolvedValue(lifecycles);
    await expect(loader('mfe_public')).resolves.toMatchObject({ mount: lifecycles.mount });
    expect(load).toHaveBeenCalledTimes(4);
  });
});
