// Reads a compose file as an operator runs it: `docker compose -f <file> up` without `--profile demo` and
// without an overlay. Anchors, aliases and merge keys are expanded by the parser; services of a profile
// are left out. No Docker needed.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  profiles?: string[];
  command?: string | string[];
  entrypoint?: string | string[];
  healthcheck?: { test?: unknown; disable?: boolean };
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition: string }> | string[];
  volumes?: (string | { source?: string; target?: string })[];
  ports?: (string | number | { target?: number; published?: string | number })[];
  networks?: string[] | Record<string, unknown>;
  restart?: string;
  network_mode?: string;
}

export interface OperatorStack {
  file: string;
  /** The file's text (every `${...}` reference, as written). */
  text: string;
  /** Services that run without a profile. */
  services: Record<string, ComposeService>;
  networks: Record<string, { internal?: boolean } | null>;
}

export const defaultComposeFile = path.join(__dirname, '..', '..', 'compose.yaml');

export function readOperatorStack(file = process.env.OPERATOR_COMPOSE_FILE || defaultComposeFile): OperatorStack {
  const text = fs.readFileSync(file, 'utf8');
  const doc = parse(text, { merge: true, maxAliasCount: -1 }) as { services: Record<string, ComposeService>; networks?: OperatorStack['networks'] };
  const services = Object.fromEntries(Object.entries(doc.services).filter(([, service]) => !service.profiles?.length));
  return { file, text, services, networks: doc.networks ?? {} };
}

/** Environment as name → value (list form `NAME=value` too); a name without a value is passed through from the host. */
export function environmentOf(service: ComposeService): Record<string, string | null> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => {
      const at = entry.indexOf('=');
      return at < 0 ? [entry, null] : [entry.slice(0, at), entry.slice(at + 1)];
    }));
  }
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value === null || value === undefined ? null : String(value)]));
}

/** Every string anywhere in a value (command, healthcheck, volumes, environment...). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsIn(inner)]);
  return value === undefined || value === null ? [] : [String(value)];
}

/** One-shot jobs: some service waits for them to complete (they need no health check and no restart). */
export function oneShotJobs(services: Record<string, ComposeService>): Set<string> {
  const jobs = new Set<string>();
  for (const service of Object.values(services)) {
    const dependsOn = service.depends_on;
    if (!dependsOn || Array.isArray(dependsOn)) continue;
    for (const [name, { condition }] of Object.entries(dependsOn)) if (condition === 'service_completed_successfully') jobs.add(name);
  }
  return jobs;
}

/** The container port of a `ports` entry (`"80:80"`, `"127.0.0.1:1080:1080/tcp"`, `8080`, long syntax). */
export function containerPort(entry: string | number | { target?: number }): number {
  if (typeof entry === 'number') return entry;
  if (typeof entry === 'object') return Number(entry.target);
  const withoutProtocol = entry.split('/')[0]!;
  return Number(withoutProtocol.split(':').pop());
}

/** Variable names that hold a secret: a SECRET, PASSWORD, PASS, TOKEN, KEY or AUTH word (KEYCLOAK_URL is none). */
export const SECRET_NAME = /(^|_)(SECRET|PASSWORD|PASSWD|PASS|TOKEN|KEY|AUTH|CREDENTIALS?)(_|$)/;

/** `${NAME:?message}` / `${NAME?message}`: compose refuses to start without it. */
export const REQUIRED_REFERENCE = /\$\{([A-Z0-9_]+):?\?[^}]*\}/g;
/** `${NAME:-default}` / `${NAME-default}`: a default compose falls back to. */
export const DEFAULTED_REFERENCE = /\$\{([A-Z0-9_]+):?-([^}]*)\}/g;
