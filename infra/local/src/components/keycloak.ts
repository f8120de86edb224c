import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import extract from 'extract-zip';
import { hashFiles, hashParts } from '../cache-key';
import type { Component } from '../component';
import { downloadOnce } from '../download';
import { run } from '../exec';
import { InfraError } from '../errors';
import { say, seconds } from '../log';
import { devSecrets, devSecretsFile } from '../dev-secrets';
import { cacheDir, componentDir, repoRoot } from '../paths';

export const KEYCLOAK_VERSION = '26.7.3';
export const KEYCLOAK_PORT = 8080;
export const KEYCLOAK_URL = `http://localhost:${KEYCLOAK_PORT}`;
export const JAVA_HOME = process.env.KIDSLEARN_JAVA_HOME ?? '/usr/lib/jvm/temurin-25-jdk-amd64';
const ZIP_URL = `https://repo1.maven.org/maven2/org/keycloak/keycloak-quarkus-dist/${KEYCLOAK_VERSION}/keycloak-quarkus-dist-${KEYCLOAK_VERSION}.zip`;
const keycloakDir = path.join(repoRoot, 'infra', 'keycloak');

/**
 * Build-time options, baked in once by `kc.sh build` (cached) so every start is `start --optimized`:
 * measured on 2 cores, ready in ~20 s instead of ~50 s for `start-dev`, which re-augments on each start.
 * dev-mem: an in-memory H2 database, so every start is fresh and imports the realms anew.
 * cache=local: no JGroups cluster discovery (production mode would otherwise bind extra ports).
 */
const BUILD_OPTIONS = ['--db=dev-mem', '--cache=local'];

export function keycloakHome(): string {
  const key = hashParts([['version', KEYCLOAK_VERSION], ['build', BUILD_OPTIONS.join(' ')], ['java', JAVA_HOME]]);
  return path.join(cacheDir(), 'keycloak', `${KEYCLOAK_VERSION}-${key}`);
}

const javaEnv = () => ({ JAVA_HOME, PATH: `${JAVA_HOME}/bin:${process.env.PATH ?? ''}` });

/** Realm JSON files of the project, imported at every start. */
export function realmFiles(): string[] {
  return readdirSync(keycloakDir)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

/** Keycloak (Quarkus distribution from Maven Central) on the Temurin JDK, realms imported from infra/keycloak. */
export const keycloak: Component = {
  name: 'keycloak',
  ports: [KEYCLOAK_PORT],
  urls: [`${KEYCLOAK_URL}/realms/kidslearn`, `${KEYCLOAK_URL}/admin (admin; password: keycloakAdminPassword in ${devSecretsFile()})`],
  readyTimeoutMs: 180_000,
  // Realms are imported only at start (in-memory database): a running Keycloak restarts when they change.
  // A changed realm file or a new set of machine secrets restarts a running Keycloak (it imports at start).
  launchKey: () => hashFiles(keycloakDir, realmFiles(), [devSecrets().keycloakBackendSecret, devSecrets().keycloakAdminPassword]),

  async install() {
    const home = keycloakHome();
    if (existsSync(path.join(home, '.kidslearn-built'))) return say('keycloak', `${KEYCLOAK_VERSION} cached and built (${path.basename(home)})`);
    if (!existsSync(path.join(JAVA_HOME, 'bin', 'java'))) {
      throw new InfraError('keycloak', `no JDK at ${JAVA_HOME} (Keycloak 26 needs Java 21+; set KIDSLEARN_JAVA_HOME)`);
    }
    const zip = path.join(cacheDir(), 'downloads', `keycloak-quarkus-dist-${KEYCLOAK_VERSION}.zip`);
    await downloadOnce('keycloak', ZIP_URL, zip);
    const staging = `${home}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    say('keycloak', 'unpacking');
    await extract(zip, { dir: staging });
    const unpacked = path.join(staging, `keycloak-${KEYCLOAK_VERSION}`);
    say('keycloak', `kc.sh build ${BUILD_OPTIONS.join(' ')} (once; cached)`);
    const startedAt = Date.now();
    await run('keycloak', path.join(unpacked, 'bin', 'kc.sh'), ['build', ...BUILD_OPTIONS], { env: javaEnv(), timeoutMs: 10 * 60_000 });
    say('keycloak', `built in ${seconds(startedAt)}`);
    writeFileSync(path.join(unpacked, '.kidslearn-built'), `${new Date().toISOString()}\n`);
    rmSync(home, { recursive: true, force: true });
    mkdirSync(path.dirname(home), { recursive: true });
    renameSync(unpacked, home);
    rmSync(staging, { recursive: true, force: true });
    // Builds made with other options or versions are no longer used.
    for (const old of readdirSync(path.dirname(home))) {
      if (old !== path.basename(home) && !old.endsWith('.tmp')) rmSync(path.join(path.dirname(home), old), { recursive: true, force: true });
    }
  },

  async launch() {
    const home = keycloakHome();
    if (!existsSync(path.join(home, '.kidslearn-built'))) throw new InfraError('keycloak', 'not installed: run `npm run infra:install`');
    const dir = componentDir('keycloak');
    rmSync(dir, { recursive: true, force: true });
    const importDir = path.join(dir, 'import');
    const tmpDir = path.join(dir, 'tmp');
    mkdirSync(importDir, { recursive: true });
    mkdirSync(tmpDir, { recursive: true });
    for (const file of realmFiles()) copyFileSync(path.join(keycloakDir, file), path.join(importDir, file));
    return {
      command: path.join(home, 'bin', 'kc.sh'),
      args: [
        'start',
        '--optimized',
        '--http-enabled=true',
        `--http-port=${KEYCLOAK_PORT}`,
        '--hostname-strict=false',
        '--import-realm',
        // The project's themes, read in place (no copy, edits show on reload: theme caching off).
        `--spi-theme--folder--dir=${path.join(keycloakDir, 'themes')}`,
        '--spi-theme--cache-themes=false',
        '--spi-theme--cache-templates=false',
        '--spi-theme--static-max-age=-1',
        // The import directory of this start (the shared cached home stays read-only).
        `-Dkeycloak.migration.dir=${importDir}`,
        `-Djava.io.tmpdir=${tmpDir}`,
      ],
      cwd: dir,
      env: {
        ...javaEnv(),
        KC_BOOTSTRAP_ADMIN_USERNAME: 'admin',
        KC_BOOTSTRAP_ADMIN_PASSWORD: devSecrets().keycloakAdminPassword,
        // Faster JVM start-up on 2 cores: C1 only, and a class-data archive made on the first start.
        JAVA_OPTS_APPEND: `-XX:TieredStopAtLevel=1 -Xlog:cds=off -Xlog:aot=off -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile=${path.join(home, 'kidslearn-cds.jsa')}`,
        KEYCLOAK_BACKEND_SECRET: devSecrets().keycloakBackendSecret,
      },
    };
  },

  async ready() {
    const response = await fetch(`${KEYCLOAK_URL}/realms/kidslearn/.well-known/openid-configuration`, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`realm discovery answered ${response.status}`);
    const { issuer } = (await response.json()) as { issuer?: string };
    if (issuer !== `${KEYCLOAK_URL}/realms/kidslearn`) throw new Error(`unexpected issuer ${issuer}`);
  },
};
