import { renderArea, type PlatformSetup } from '@kidslearn/kit/testing';
import { adminArea } from '../api/admin-api';
import { AdminRoutes } from '../app/AdminRoutes';

/** Renders the admin area at `path` on the kit's test platform (a fake gateway, a signed-in admin). */
export function renderAdmin(path: string, setup: PlatformSetup = {}) {
  return renderArea(adminArea, AdminRoutes, { session: 'admin', ...setup, path });
}
