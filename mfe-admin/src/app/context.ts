import { createContext, useContext } from 'react';
import type { AdminApi } from '../api/admin-api';

/** This remote's endpoints (injected once per mount into the platform's API slice). */
export const AdminApiContext = createContext<AdminApi | null>(null);

export function useAdminApi(): AdminApi {
  const api = useContext(AdminApiContext);
  if (!api) throw new Error('AdminApiContext is missing');
  return api;
}
