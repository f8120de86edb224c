import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { routes } from '../routes/routes';
import { remoteForPath } from './remote-for-path';

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
});
