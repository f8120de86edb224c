import type { RouteObject } from 'react-router-dom';
import type { Areas } from '../areas/areas';
import type { RouteManifest } from '../config/manifest-schema';
import { Layout } from '../layout/Layout';
import { RemoteArea } from '../remotes/RemoteArea';
import { AreaGuard } from './guards';
import { AuthenticationRedirect } from './AuthenticationRedirect';
import { NotFound } from './NotFound';

/** A manifest route as router entries: `/` is the index, a path with sub-paths owns `<path>/*` too. */
function pagesOf(route: RouteManifest): RouteObject[] {
  const path = route.path.replace(/^\/+|\/+$/g, '');
  if (!path) return [{ index: true }, ...(route.subPaths ? [{ path: '*' }] : [])];
  return [{ path }, ...(route.subPaths ? [{ path: `${path}/*` }] : [])];
}

/**
 * The portal's routes, made from the manifest's areas. Each area is one pathless layout route (its guard,
 * then its remote), so moving between its pages keeps it mounted; the remote's own router picks the page.
 */
export function buildRoutes(areas: Areas): RouteObject[] {
  return [
    {
      path: '/',
      element: <Layout />,
      children: [
        ...areas.list.map((area) => ({
          element: <AreaGuard />,
          children: [{ element: <RemoteArea remote={area.name} />, children: area.routes.flatMap(pagesOf) }],
        })),
        { path: 'authentication', element: <AuthenticationRedirect /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}
