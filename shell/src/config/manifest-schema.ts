// The runtime manifest (config.json): where the gateway and Keycloak are, and which areas exist — each
// area's remote entry, routes, menu entries and the roles allowed in. Checked at start-up: a manifest that
// does not match shows an error page naming what is wrong, never a blank screen.
// Valibot rather than zod: only the checks used here reach main.js, which every first load fetches (1.7 KB gzip of
// valibot where zod/mini took 6.2 KB: the visitor's / is held to 180 KB of JavaScript, bench "Frontend").
import * as v from 'valibot';

/** Who is looking: a visitor, a learner (app role exactly `user`), an admin or a parent (SPEC §6 + families). */
export const VIEWER_ROLES = ['visitor', 'learner', 'admin', 'parent'] as const;
export type ViewerRole = (typeof VIEWER_ROLES)[number];

const text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));
const path = v.pipe(v.string(), v.regex(/^\/[^?#]*$/, 'must be a path starting with /'));
const roles = v.pipe(v.array(v.picklist(VIEWER_ROLES)), v.minLength(1, 'must name at least one role'));

const routeSchema = v.object({
  path,
  /** The area also owns every path below this one (/dashboard/my-users). */
  subPaths: v.optional(v.boolean()),
  /** Who may open this page, when not the area's roles. */
  roles: v.optional(roles),
});

const menuEntrySchema = v.object({
  label: text,
  path,
  /** Place in the navbar among every area's entries (smaller first). */
  order: v.number(),
  /** Who sees the entry; a visitor may see an entry whose page asks them to sign in first. */
  roles,
});

const areaSchema = v.object({
  /** The remote's Module Federation name (its webpack `name`), e.g. mfe_public. */
  name: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*$/, 'must be a Module Federation name such as mfe_public')),
  /** Its remoteEntry.js: an absolute URL, or a path on the portal's origin. */
  entry: text,
  /** Who may open the area's pages. */
  roles,
  /** Where a visitor who may not open a page goes: the sign-in (then back) or /forbidden. */
  visitors: v.optional(v.picklist(['sign-in', 'forbidden'])),
  routes: v.pipe(v.array(routeSchema), v.minLength(1, 'must list at least one route')),
  menu: v.optional(v.array(menuEntrySchema)),
  /** A prerendered first screen this area's build publishes beside its entry (see shell/README.md). */
  firstScreen: v.optional(text),
});

export const manifestSchema = v.object({
  gatewayUrl: text,
  gameUrl: v.optional(v.string()),
  keycloak: v.object({ url: text, realm: text, clientId: text }),
  areas: v.pipe(v.array(areaSchema), v.minLength(1, 'must list at least one area')),
});

export type Manifest = v.InferOutput<typeof manifestSchema>;
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
  const result = v.safeParse(manifestSchema, raw);
  if (!result.success) throw new ManifestError(result.issues.map((issue) => `${v.getDotPath(issue) ?? '(document)'}: ${issue.message}`));
  const problems = crossChecks(result.output);
  if (problems.length > 0) throw new ManifestError(problems);
  // An empty gameUrl means none (mfe-learning's own game), as the deployments write it.
  const { gameUrl, ...rest } = result.output;
  return { ...rest, gatewayUrl: rest.gatewayUrl.replace(/\/+$/, ''), ...(gameUrl?.trim() ? { gameUrl: gameUrl.trim() } : {}) };
}
