import '../test/jsdom-polyfills';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { routes } from '../routes/routes';
import { preloadRemoteEntry, remoteForPath } from './remote-for-path';
import { defaultConfig } from '../config/runtime-config';

/** The remote routes.tsx mounts for a path, read from the matched RemoteArea element. */
function remoteInRoutes(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  for (const { route } of matches) {
    const element = route.element;
    if (isValidElement<{ remote?: string }>(element) && element.props.remote) return element.props.remote;
  }
  return undefined;
}

describe('the remote for a URL', () => {
  it.each(['/', '/course-details', '/premium', '/Premium', '/about/', '/forbidden', '/authentication/registration', '/my-classes', '/standings', '/games', '/gift', '/avater', '/dashboard', '/dashboard/users', '/authentication', '/nowhere'])(
    'when the path is %s, then it names the same remote as the routes',
    (path) => {
      expect(remoteForPath(path)).toBe(remoteInRoutes(path));
    },
  );

  it('when the page shows a remote, then one preload hint for its remoteEntry.js is added', () => {
    preloadRemoteEntry(defaultConfig.remotes, '/about');
    preloadRemoteEntry(defaultConfig.remotes, '/about');
    const links = document.head.querySelectorAll('link[rel="preload"]');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', defaultConfig.remotes.mfe_public);
    expect(links[0]).toHaveAttribute('as', 'script');
  });

  it('when the page shows no remote, then no hint is added', () => {
    document.head.innerHTML = '';
    preloadRemoteEntry(defaultConfig.remotes, '/authentication');
    expect(document.head.querySelector('link')).toBeNull();
  });
});
