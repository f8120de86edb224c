import { z } from 'zod';

const url = z.url({ protocol: /^https?$/ });
/** One service's instances: a URL, or several separated by commas (the gateway spreads requests over them). */
const urls = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
  .pipe(z.array(url).min(1, 'at least one URL'));

export const gatewayConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Unset: info, or silent under Jest (lib-core createLogger). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  CONTENT_URL: urls.default(['http://127.0.0.1:4001']),
  QUIZ_URL: urls.default(['http://127.0.0.1:4002']),
  GEMS_URL: urls.default(['http://127.0.0.1:4003']),
  GIFTS_URL: urls.default(['http://127.0.0.1:4004']),
  /** Comma-separated browser origins allowed by CORS (the portal and its remotes). */
  PORTAL_ORIGINS: z
    .string()
    .default('http://localhost:3000,http://127.0.0.1:3000')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
  /**
   * The TLS proxy in front of the gateway (operator stack): comma-separated addresses, CIDRs or names
   * (loopback, linklocal, uniquelocal) whose X-Forwarded-For is believed. Empty: the gateway is the edge.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean)),
  /** The realm whose tokens pick the edge cache's audience (back-channel URL, browser-facing issuer). */
  KEYCLOAK_URL: url.default('http://localhost:8080'),
  KEYCLOAK_ISSUER_URL: url.optional(),
  KEYCLOAK_REALM: z.string().min(1).default('kidslearn'),
  /** The audience tokens must carry (the realm's clients add it with an audience mapper). */
  KEYCLOAK_AUDIENCE: z.string().min(1).default('kidslearn-api'),
  /** How long a dependency may take to answer its readiness probe. */
  HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(1500),
  /** On SIGTERM, how long in-flight requests may take to finish before their connections are closed. */
  DRAIN_MS: z.coerce.number().int().positive().default(10_000),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = gatewayConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid gateway configuration: ${problems}`);
  }
  return parsed.data;
}

/** Each service's instances. */
export function upstreams(config: GatewayConfig): Record<'content' | 'quiz' | 'gems' | 'gifts', string[]> {
  return { content: config.CONTENT_URL, quiz: config.QUIZ_URL, gems: config.GEMS_URL, gifts: config.GIFTS_URL };
}
