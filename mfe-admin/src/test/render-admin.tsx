import { renderWithPlatform, type PlatformSetup } from '@kidslearn/kit/testing';
import { injectAdminApi } from '../api/admin-api';
import { AdminApiContext } from '../app/context';
import { AdminRoutes } from '../app/AdminRoutes';

/** Renders the admin area at `path` on the kit's test platform (a fake gateway, a signed-in admin). */
export function renderAdmin(path: string, setup: PlatformSetup = {}) {
  return renderWithPlatform(
    (platform) => (
      <AdminApiContext.Provider value={injectAdminApi(platform.api)}>
        <AdminRoutes />
      </AdminApiContext.Provider>
    ),
    { session: 'admin', ...setup, path },
  );
}
