import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@kidslearn/kit/platform';
import { Spinner } from '@kidslearn/kit/ui';
import { messages } from '../messages';

/** SPEC §6: learner-only area (role exactly user). Visitors log in first; admins are refused. */
export function RequireLearner() {
  const { status, role } = useCurrentUser();
  const location = useLocation();
  if (status === 'loading' || (status === 'authenticated' && !role)) return <Spinner label={messages.loading} />;
  if (status === 'anonymous') {
    return <Navigate to="/authentication" replace state={{ from: location.pathname + location.search }} />;
  }
  return role === 'user' ? <Outlet /> : <Navigate to="/forbidden" replace />;
}

/** SPEC §2: /dashboard needs a logged-in admin; spinner while loading, else /forbidden. */
export function RequireAdmin() {
  const { status, role } = useCurrentUser();
  if (status === 'loading' || (status === 'authenticated' && !role)) return <Spinner label={messages.loading} />;
  return role === 'admin' ? <Outlet /> : <Navigate to="/forbidden" replace />;
}
