// The runtime manifest (config.json): where the gateway and Keycloak are, and which areas exist — each
// area's remote entry, routes, menu entries and the roles allowed in. Checked at start-up: a manifest that
// does not match shows an error page naming what is wrong, never a blank screen.
import * as z from 'zod/mini';

/** Who is looking: a visitor, a learner (app role exactly `user`), an admin or a parent (SPEC §6 + families). */
export const VIEWER_ROLES = ['visitor', 'learner', 'admin', 'parent'] as const;
export type ViewerRole = (typeof VIEWER_ROLES)[number];

const text = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));
const path = z.string().check(z.regex(/^\/[^?#]*$/, 'must be a path starting with /'));
const roles = z.array(z.enum(VIEWER_ROLES)).check(z.minLength(1, 'must name at least one role'));

const routeSchema = z.object({
  path,
  /** The area also owns every path below this one (/dashboard/my-users). */
  subPaths: z.optional(z.boolean()),
  /** Who may open this page, when not the area's roles. */
  roles: z.optional(roles),
});

const menuEntrySchema = z.object({
  label: text,
  path,
  /** Place in the navbar among every area's entries (smaller first). */
  order: z.number(),
  /** Who sees the entry; a visitor may see an entry whose page asks them to sign in first. */
  roles,
});

const areaSchema = z.object({
  /** The remote's Module Federation name (its webpack `name`), e.g. mfe_public. */
  name: z.string().check(z.regex(/^[a-z][a-z0-9_]*$/, 'must be a Module Federation name such as mfe_public')),
  /** Its remoteEntry.js: an absolute URL, or a path on the portal's origin. */
  entry: text,
  /** Who may open the area's pages. */
  roles,
  /** Where a visitor who may not open a page goes: the sign-in (then back) or /forbidden. */
  visitors: z.optional(z.enum(['sign-in', 'forbidden'])),
  routes: z.array(routeSchema).check(z.minLength(1, 'must list at least one route')),
  menu: z.optional(z.array(menuEntrySchema)),
  /** A prerendered first screen this area's build publishes beside its entry (see shell/README.md). */
  firstScreen: z.optional(text),
});

export const manifestSchema = z.object({
  gatewayUrl: text,
  gameUrl: z.optional(z.string()),
  keycloak: z.object({ url: text, realm: text, clientId: text }),
  areas: z.array(areaSchema).check(z.minLength(1, 'must list at least one area')),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type AreaManifest = Manifest['areas'][number];
export type RouteManifest = AreaManifest['routes'][number];
export type MenuEntryManifest = NonNullable<AreaManifest['menu']>[number];

/** A manifest that cannot be used, with one line per problem. */
export class ManifestError extends Error {
  constructor(readonly problems: string[]) {
    super(`config.json: ${problems.join('; ')}`);
    this.name = 'ManifestError';
  }
}

/** Paths the shell itself answers: no area may claim them. */
const SHELL_PATHS = ['/authentication'];

const normalise = (p: string) => p.toLowerCase().replace(/\/+$/, '') || '/';

/** What the schema cannot say: names and paths unique across areas, none of the shell's own. */
function crossChecks(manifest: Manifest): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const owners = new Map<string, string>();
  manifest.areas.forEach((area, index) => {
    if (names.has(area.name)) problems.push(`areas.${index}.name: "${area.name}" is listed twice`);
    names.add(area.name);
    for (const route of area.routes) {
      const key = normalise(route.path);
      if (SHELL_PATHS.includes(key)) problems.push(`areas.${index}: ${route.path} belongs to the shell`);
      const owner = owners.get(key);
      if (owner && owner !== area.name) problems.push(`areas.${index}: ${route.path} is already a route of ${owner}`);
      owners.set(key, area.name);
    }
  });
  return problems;
}

/** The manifest, or a ManifestError listing every problem (path: message). */
export function parseManifest(raw: unknown): Manifest {
  const result = z.safeParse(manifestSchema, raw);
  if (!result.success) throw new ManifestError(result.error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`));
  const problems = crossChecks(result.data);
  if (problems.length > 0) throw new ManifestError(problems);
  // An empty gameUrl means none (mfe-learning's own game), as the deployments write it.
  const { gameUrl, ...rest } = result.data;
  return { ...rest, gatewayUrl: rest.gatewayUrl.replace(/\/+$/, ''), ...(gameUrl?.trim() ? { gameUrl: gameUrl.trim() } : {}) };
}
