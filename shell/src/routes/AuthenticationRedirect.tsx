import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@kidslearn/kit/platform';
import { usePlatform } from '../platform/contexts';
import { Spinner } from '@kidslearn/kit/ui';
import { messages } from '../messages';

/** Where to come back to: the guarded page, the page the Login button was pressed on, or /. */
export function returnPathFrom(state: unknown, search: string): string {
  const fromState = (state as { from?: unknown } | null)?.from;
  const candidate = typeof fromState === 'string' ? fromState : new URLSearchParams(search).get('from') ?? '/';
  // Only same-site paths: never an open redirect.
  return candidate.startsWith('/') && !candidate.startsWith('//') && !candidate.startsWith('/authentication') ? candidate : '/';
}

/** /authentication: hands the visitor to the Keycloak login page (our theme) and back. */
export function AuthenticationRedirect() {
  const { auth } = usePlatform();
  const { status } = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const returnPath = returnPathFrom(location.state, location.search);

  useEffect(() => {
    if (status === 'authenticated') navigate(returnPath, { replace: true });
    else if (status === 'anonymous') void auth.login(returnPath);
  }, [status, returnPath, auth, navigate]);

  return <Spinner label={messages.redirectingToLogin} />;
}
