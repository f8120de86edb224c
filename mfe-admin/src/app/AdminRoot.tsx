import { useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { RemoteProps } from '@kidslearn/kit/platform';
import { injectAdminApi } from '../api/admin-api';
import { AdminApiContext } from './context';
import { AdminRoutes } from './AdminRoutes';

/** The admin area's root; every rule of its stylesheet lives under .kl-admin. */
export function AdminRoot({ platform }: RemoteProps) {
  const api = useMemo(() => injectAdminApi(platform.api), [platform]);
  return (
    <AdminApiContext.Provider value={api}>
      <BrowserRouter>
        <div className="kl-admin">
          <AdminRoutes />
        </div>
      </BrowserRouter>
    </AdminApiContext.Provider>
  );
}
