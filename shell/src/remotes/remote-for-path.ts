// Which remote a URL shows, known before React and the router load, so the shell can start loading
// that remote at once. Kept in step with routes.tsx by its test.
import type { RemoteName } from '../config/runtime-config';

const REMOTE_PAGES: Record<RemoteName, string[]> = {
  mfe_public: ['', 'course-details', 'premium', 'about', 'forbidden', 'authentication/registration'],
  mfe_learning: ['my-classes', 'standings', 'games'],
  mfe_rewards: ['gift', 'avater'],
  mfe_admin: ['dashboard'],
};

export function remoteForPath(pathname: string): RemoteName | undefined {
  // Like the router: case-insensitive, no leading/trailing slashes; the dashboard owns its subpaths.
  const path = pathname.toLowerCase().replace(/^\/+|\/+$/g, '');
  for (const [name, pages] of Object.entries(REMOTE_PAGES) as [RemoteName, string[]][]) {
    if (pages.includes(path) || (name === 'mfe_admin' && path.startsWith('dashboard/'))) return name;
  }
  return undefined;
}
