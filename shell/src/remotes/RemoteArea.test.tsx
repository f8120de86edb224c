import type { AppProps } from 'single-spa';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LifeCycles } from 'single-spa';
import { fakeRemote, renderShell } from '../test/test-platform';
import type { RemoteLoader } from './remote-loader';
import { collectPrerendered } from './prerendered';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('a remote area', () => {
  it('when the remote cannot be loaded, then a friendly fallback shows in its area and the layout keeps working', async () => {
    const loader: RemoteLoader = async () => {
      throw new Error('remoteEntry.js: 404');
    };
    renderShell({ path: '/', loader });
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops! This part of KidsLearn is taking a nap.');
    expect(screen.getByRole('link', { name: 'KidsLearn home' })).toBeInTheDocument();
    expect(screen.getByText('© 2025 KidsLearn. All rights reserved.')).toBeInTheDocument();
  });

  it('when the visitor presses Try again and the remote is back, then it mounts', async () => {
    let calls = 0;
    const loader: RemoteLoader = async (name) => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return fakeRemote(name);
    };
    renderShell({ path: '/about', loader });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('remote mfe_public')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the remote throws while rendering, then its area shows the fallback', async () => {
    const crashing: LifeCycles = {
      bootstrap: async () => undefined,
      mount: async (props) => {
        const { errorBoundary } = props as unknown as { errorBoundary: (e: unknown) => null };
        errorBoundary(new Error('render failed'));
      },
      unmount: async () => undefined,
    };
    renderShell({ path: '/', loader: async () => crashing });
    expect(await screen.findByRole('alert')).toHaveTextContent('taking a nap');
  });

  it('when moving between two pages of the same remote, then it stays mounted', async () => {
    const mount = jest.fn(fakeRemote('mfe_public').mount as (props: AppProps) => Promise<void>);
    const { router } = renderShell({ path: '/', loader: async () => ({ ...fakeRemote('mfe_public'), mount }) });
    await screen.findByText('remote mfe_public');
    await router.navigate('/about');
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(screen.getByText('remote mfe_public')).toBeInTheDocument();
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('when the page came prerendered, then its area shows that markup, not the spinner, until the remote has rendered', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div data-prerendered-remote="mfe_public"><h1>Prerendered hero</h1></div><style data-prerendered-remote-style="mfe_public"></style>');
    collectPrerendered();
    let remoteLoaded: (lifecycles: LifeCycles) => void = () => undefined;
    const loader: RemoteLoader = () => new Promise((resolve) => (remoteLoaded = resolve));
    renderShell({ path: '/', loader });

    const area = document.querySelector<HTMLElement>('[data-remote="mfe_public"]')!;
    expect(within(area).getByRole('heading', { name: 'Prerendered hero' })).toBeInTheDocument();
    expect(within(area).queryByRole('status')).not.toBeInTheDocument();

    remoteLoaded(fakeRemote('mfe_public'));
    expect(await within(area).findByText('remote mfe_public')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Prerendered hero' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-prerendered-remote-style]')).toBeNull();
  });
});
