// The one definition of the portal's areas, made from the runtime manifest: which area a URL belongs to
// (the early remote load), who may open it (the route guard) and what the navbar lists (the menu).
import type { Role } from '@kidslearn/kit/platform';
import { VIEWER_ROLES, type AreaManifest, type Manifest, type ViewerRole } from '../config/manifest-schema';

export interface AreaPage {
  area: AreaManifest;
  /** Who may open this page. */
  roles: ViewerRole[];
}

export interface MenuItem {
  to: string;
  label: string;
}

export interface Areas {
  list: AreaManifest[];
  /** The area and page a URL shows (case-insensitive, trailing slashes ignored, like the router). */
  pageFor(pathname: string): AreaPage | undefined;
  /** The navbar's entries for a viewer, every area's in their `order`; unknown yet (the session is checked): a visitor's. */
  menuFor(viewer: ViewerRole | undefined): MenuItem[];
}

const normalise = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/** The viewer role of a session: a visitor, or the app role once it is known (undefined until then). */
export function viewerOf(status: 'loading' | 'anonymous' | 'authenticated', role: Role | undefined): ViewerRole | undefined {
  if (status === 'anonymous') return 'visitor';
  if (status === 'loading' || !role) return undefined;
  return role === 'user' ? 'learner' : role;
}

export function createAreas(manifest: Pick<Manifest, 'areas'>): Areas {
  const exact = new Map<string, AreaPage>();
  const prefixes: [string, AreaPage][] = [];
  for (const area of manifest.areas) {
    for (const route of area.routes) {
      const page = { area, roles: route.roles ?? area.roles };
      const key = normalise(route.path);
      exact.set(key, page);
      if (route.subPaths) prefixes.push([key === '/' ? '/' : `${key}/`, page]);
    }
  }
  const menu = manifest.areas.flatMap((area) => area.menu ?? []).sort((a, b) => a.order - b.order);
  return {
    list: manifest.areas,
    pageFor(pathname) {
      const key = normalise(pathname.replace(/\/{2,}/g, '/'));
      return exact.get(key) ?? prefixes.find(([prefix]) => key.startsWith(prefix))?.[1];
    },
    menuFor(viewer) {
      return menu.filter((entry) => entry.roles.includes(viewer ?? 'visitor')).map((entry) => ({ to: entry.path, label: entry.label }));
    },
  };
}

export type Access = 'open' | 'wait' | 'sign-in' | 'forbidden';

/**
 * SPEC §6 as data: a page everyone may open opens at once; otherwise it opens for its roles; while the session or the role is being found out it waits;
 * a visitor who may not open it signs in first (carrying the path) unless the area sends visitors to
 * /forbidden (/dashboard); anyone else signed in goes to /forbidden.
 */
export function accessTo(page: AreaPage, viewer: ViewerRole | undefined): Access {
  if (VIEWER_ROLES.every((role) => page.roles.includes(role))) return 'open';
  if (viewer && page.roles.includes(viewer)) return 'open';
  if (viewer === undefined) return 'wait';
  if (viewer === 'visitor') return page.area.visitors === 'forbidden' ? 'forbidden' : 'sign-in';
  return 'forbidden';
}
