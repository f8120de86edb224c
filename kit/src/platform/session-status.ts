import { useSelector } from 'react-redux';
import type { RootState } from './store';

/** Whether the session is still being checked, signed in or a visitor (no profile fetch, unlike useCurrentUser). */
export const useSessionStatus = () => useSelector((state: RootState) => state.session.status);
