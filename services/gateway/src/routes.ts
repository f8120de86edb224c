/** Which service answers which path prefix (SPEC §7 plus the routes the services add). */
export const SERVICES = ['content', 'quiz', 'gems', 'gifts'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const ROUTE_TABLE: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/users', service: 'content' },
  { prefix: '/admin', service: 'content' },
  { prefix: '/lessons', service: 'content' },
  { prefix: '/avaters', service: 'content' },
  { prefix: '/avater', service: 'content' },
  { prefix: '/review', service: 'content' },
  { prefix: '/registrations', service: 'content' },
  { prefix: '/photos', service: 'content' },
  { prefix: '/assets/content', service: 'content' },
  { prefix: '/quiz-results', service: 'quiz' },
  { prefix: '/standings', service: 'quiz' },
  { prefix: '/practice-results', service: 'quiz' },
  { prefix: '/daily-review', service: 'quiz' },
  { prefix: '/gems', service: 'gems' },
  { prefix: '/gifts', service: 'gifts' },
  { prefix: '/Gift.json', service: 'gifts' },
  { prefix: '/redemptions', service: 'gifts' },
  { prefix: '/assets/gifts', service: 'gifts' },
];

/**
 * Families (issue 24): a parent's page reads one child from several services under one /family prefix; each
 * service answers its own part. Checked before the prefix table, which sends the rest of /family to content.
 */
export const FAMILY_ROUTES: ReadonlyArray<{ pattern: RegExp; service: ServiceName }> = [
  { pattern: /^\/family\/children\/[^/]+\/learning$/, service: 'quiz' },
  { pattern: /^\/family\/children\/[^/]+\/gems$/, service: 'gems' },
  { pattern: /^\/family\/children\/[^/]+\/redemptions$/, service: 'gifts' },
  { pattern: /^\/family\/redemptions(\/.*)?$/, service: 'gifts' },
  { pattern: /^\/family(\/.*)?$/, service: 'content' },
];

/** The service for a request path, matching whole path segments ("/avater/x" is not "/avaters"). */
export function resolveService(path: string): ServiceName | undefined {
  for (const { pattern, service } of FAMILY_ROUTES) if (pattern.test(path)) return service;
  for (const { prefix, service } of ROUTE_TABLE) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return service;
  }
  return undefined;
}

/** `/openapi/<service>.json` exposes each service's own OpenAPI document through the one origin. */
export function openApiService(path: string): ServiceName | undefined {
  const match = /^\/openapi\/([a-z]+)\.json$/.exec(path);
  const name = match?.[1];
  return SERVICES.find((service) => service === name);
}
