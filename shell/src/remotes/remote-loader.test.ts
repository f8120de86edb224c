import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemoteLoader } from './remote-loader';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const lifecycles = { bootstrap: async () => undefined, mount: async () => undefined, unmount: async () => undefined };
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;
const remotes = [{ name: 'mfe_public', entry: '/mfe/public/remoteEntry.js' }];

beforeEach(() => {
  jest.useFakeTimers();
  load.mockReset();
  (registerRemotes as jest.Mock).mockReset();
});
afterEach(() => jest.useRealTimers());

describe('the remote loader', () => {
  it('when an entry is a path, then it is registered on the portal page\'s origin', () => {
    createRemoteLoader(remotes, 'https://portal.example/gift');
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_public', entry: 'https://portal.example/mfe/public/remoteEntry.js' }]);
  });

  it('when a remote the manifest does not list is asked for, then it fails without a load', async () => {
    const loader = createRemoteLoader(remotes);
    const failed = loader('mfe_family');
    const settled = expect(failed).rejects.toThrow('mfe_family is not an area of config.json');
    await jest.runAllTimersAsync();
    await settled;
    expect(load).not.toHaveBeenCalled();
  });

  it('when a remote is asked for again while it loads, then both callers share one load', async () => {
    load.mockResolvedValue(lifecycles);
    const loader = createRemoteLoader(remotes);
    const [first, second] = await Promise.all([loader('mfe_public'), loader('mfe_public')]);
    expect(first).toBe(second);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when a load has failed for good, then the next call (Try again) starts a new one', async () => {
    load.mockRejectedValue(new Error('offline'));
    const loader = createRemoteLoader(remotes);
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
