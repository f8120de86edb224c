import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDir } from './paths';

/**
 * The local runner's own secrets (the Keycloak backend client's secret, the master realm administrator's
 * password): made at random once per machine and kept in the cache (mode 0600), never committed, so no
 * checkout ships a known secret. Every clone on the machine shares them, as it shares the running servers.
 */
export interface DevSecrets {
  keycloakBackendSecret: string;
  keycloakAdminPassword: string;
}

export const devSecretsFile = (env: NodeJS.ProcessEnv = process.env): string => path.join(cacheDir(env), 'dev-secrets.json');

let cached: DevSecrets | undefined;

/** The machine's secrets, read once per process. */
export function devSecrets(env: NodeJS.ProcessEnv = process.env): DevSecrets {
  cached ??= readOrMakeDevSecrets(env);
  return cached;
}

/** Reads the secrets kept in the cache named by `env`, making them first when there are none. */
export function readOrMakeDevSecrets(env: NodeJS.ProcessEnv): DevSecrets {
  const file = devSecretsFile(env);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const made: DevSecrets = { keycloakBackendSecret: randomBytes(24).toString('hex'), keycloakAdminPassword: randomBytes(16).toString('hex') };
    // Written aside and renamed, and never over a file another process made first: every process reads one set.
    const draft = `${file}.${process.pid}.tmp`;
    writeFileSync(draft, JSON.stringify(made), { mode: 0o600 });
    if (!existsSync(file)) renameSync(draft, file);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
}
