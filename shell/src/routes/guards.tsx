import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@kidslearn/kit/platform';
import { Spinner } from '@kidslearn/kit/ui';
import { accessTo, viewerOf } from '../areas/areas';
import { useAreas } from '../areas/AreasContext';
import { messages } from '../messages';

/**
 * The guard of every area's pages, from the manifest's roles (areas.ts, accessTo): a spinner while the session
 * or the role is found out, a visitor to /authentication carrying the path (or to /forbidden where the area
 * says so), anyone else not allowed to /forbidden.
 */
export function AreaGuard() {
  const { status, role } = useCurrentUser();
  const location = useLocation();
  const page = useAreas().pageFor(location.pathname);
  const access = page ? accessTo(page, viewerOf(status, role)) : 'forbidden';
  if (access === 'wait') return <Spinner label={messages.loading} />;
  if (access === 'sign-in') return <Navigate to="/authentication" replace state={{ from: location.pathname + location.search }} />;
  if (access === 'forbidden') return <Navigate to="/forbidden" replace />;
  return <Outlet />;
}
