import { z } from 'zod';

/** Thrown by loadConfig: one message that lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const port = z.coerce.number().int().min(0).max(65535);

/**
 * Fields every service reads. Use as `z.object({ ...commonConfig, MY_VAR: z.string() })`
 * (it is a plain zod shape; `commonConfigSchema` is the same as a z.object).
 */
export const commonConfig = {
  SERVICE_NAME: z.string().min(1).default('kidslearn'),
  PORT: port.default(3000),
  /**
   * The address the HTTP server listens on: loopback by default, so only the gateway on this host reaches a
   * service; a container on an internal network sets 0.0.0.0 (its port is never published).
   */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Whose X-Forwarded-For a service believes (express "trust proxy": addresses, CIDRs or names such as
   * loopback / uniquelocal): the gateway's only, so a direct caller cannot pose as another client.
   */
  TRUST_PROXY: z.string().min(1).default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL').default('mongodb://127.0.0.1:27017/kidslearn'),
  AMQP_URL: z.string().regex(/^amqps?:\/\//, 'must be an amqp:// URL').default('amqp://guest:guest@127.0.0.1:5672'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6379'),
  KEYCLOAK_URL: z.url().default('http://localhost:8080'),
  /** Browser-facing issuer when it differs from KEYCLOAK_URL (see lib-auth createAuth). */
  KEYCLOAK_ISSUER_URL: z.url().optional(),
  KEYCLOAK_REALM: z.string().min(1).default('kidslearn'),
};

export const commonConfigSchema = z.object(commonConfig);
export type CommonConfig = z.infer<typeof commonConfigSchema>;

type Env = Record<string, string | undefined>;

/**
 * Validates the environment once at start-up. Accepts a zod schema or a plain shape;
 * the result type is inferred from it. Empty strings count as unset so defaults apply.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env?: Env): z.infer<S>;
export function loadConfig<T extends z.ZodRawShape>(shape: T, env?: Env): z.infer<z.ZodObject<T>>;
export function loadConfig(schemaOrShape: z.ZodType | z.ZodRawShape, env: Env = process.env): unknown {
  const schema = schemaOrShape instanceof z.ZodType ? schemaOrShape : z.object(schemaOrShape);
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(root)';
      const value = typeof issue.path[0] === 'string' ? cleaned[issue.path[0]] : undefined;
      const got = value === undefined ? ' (not set)' : '';
      return `${name}: ${issue.message}${got}`;
    }),
  );
}
