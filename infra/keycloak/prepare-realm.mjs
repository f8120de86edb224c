// Compose runs this before Keycloak starts (node, no dependencies): it turns the repository's realm files
// into the ones Keycloak imports, for the operator stack or (KIDSLEARN_DEMO=true) the demo.
//
// Both: the backend client's secret is KEYCLOAK_BACKEND_SECRET (required: the repository holds no usable
// secret) and the portal client's URLs follow KIDSLEARN_PUBLIC_URL.
// Operator: no demo accounts, no password-grant test client, no "Google" stand-in; mail through the
// operator's SMTP server with STARTTLS and credentials; Login with Google only with a real Google client
// (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), otherwise no Google button.
// Demo: accounts, test client, maildev and the stand-in realm (its broker secret generated per run).
//
// Keycloak imports a realm only when it does not exist yet (first start on an empty database); later runs
// change nothing in a running realm (docs/SECURITY.md, "The operator stack").
//
// Usage: node prepare-realm.mjs <directory with the realm files> <import directory>
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const KIDSLEARN = 'realm-kidslearn.json';
const GOOGLE_STAND_IN = 'realm-google-upstream.json';
/** Where the development realm files point the browser (the local runner's portal and Keycloak). */
const DEV_PORTAL = 'http://localhost:3000';
const DEV_KEYCLOAK = 'http://localhost:8080';
/** Keycloak's own listener, as Keycloak itself reaches it (back-channel calls to the stand-in realm). */
const SELF_KEYCLOAK = 'http://localhost:8080/auth';
/** Letters, digits and `-._~` only (they go into URLs unescaped), long enough not to be guessed. */
const SECRET = /^[A-Za-z0-9._~-]{24,}$/;

class SetupError extends Error {}

function required(env, name, check, hint) {
  const value = env[name]?.trim();
  if (!value) throw new SetupError(`${name} is required (${hint})`);
  if (check && !check.test(value)) throw new SetupError(`${name} is not valid (${hint})`);
  return value;
}

/** The public origin: https for operators (TLS at the proxy); http only for the demo on this machine. */
function publicUrl(env, demo) {
  const value = required(env, 'KIDSLEARN_PUBLIC_URL', /^https?:\/\/[^/?#\s]+$/, 'the portal\'s public origin, e.g. https://learn.example.org, without a path');
  if (!demo && !value.startsWith('https://')) throw new SetupError('KIDSLEARN_PUBLIC_URL must start with https:// (the proxy terminates TLS)');
  return value;
}

/** Replaces the development origin at the start of a URL (or URL pattern) with another one. */
const rebase = (value, from, to) => (typeof value === 'string' && value.startsWith(from) ? to + value.slice(from.length) : value);

function pointPortalAt(realm, origin) {
  const portal = realm.clients.find((client) => client.clientId === 'kidslearn-portal');
  if (!portal) throw new SetupError('realm kidslearn has no kidslearn-portal client');
  portal.rootUrl = rebase(portal.rootUrl, DEV_PORTAL, origin);
  portal.baseUrl = rebase(portal.baseUrl, DEV_PORTAL, origin);
  portal.redirectUris = (portal.redirectUris ?? []).map((uri) => rebase(uri, DEV_PORTAL, origin));
  portal.webOrigins = (portal.webOrigins ?? []).map((uri) => rebase(uri, DEV_PORTAL, origin));
  const logout = portal.attributes?.['post.logout.redirect.uris'];
  if (logout) portal.attributes['post.logout.redirect.uris'] = logout.split('##').map((uri) => rebase(uri, DEV_PORTAL, origin)).join('##');
}

function setBackendSecret(realm, secret) {
  const backend = realm.clients.find((client) => client.clientId === 'kidslearn-backend');
  if (!backend) throw new SetupError('realm kidslearn has no kidslearn-backend client');
  backend.secret = secret;
}

function operatorSmtp(env, current) {
  const hint = 'the operator\'s SMTP server: SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_FROM';
  return {
    ...current,
    host: required(env, 'SMTP_HOST', null, hint),
    port: required(env, 'SMTP_PORT', /^\d{1,5}$/, hint),
    from: required(env, 'SMTP_FROM', /^[^\s@]+@[^\s@]+$/, hint),
    auth: 'true',
    user: required(env, 'SMTP_USER', null, hint),
    password: required(env, 'SMTP_PASSWORD', null, hint),
    starttls: 'true',
    ssl: 'false',
  };
}

/** Login with Google through Google itself, or no Google button at all (the stand-in is demo only). */
function operatorGoogle(env, providers) {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (Boolean(clientId) !== Boolean(clientSecret)) throw new SetupError('set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither');
  const others = providers.filter((provider) => provider.alias !== 'google');
  if (!clientId) return others;
  const standIn = providers.find((provider) => provider.alias === 'google') ?? {};
  return [
    ...others,
    {
      alias: 'google',
      displayName: 'Google',
      providerId: 'google',
      enabled: true,
      trustEmail: true,
      storeToken: false,
      linkOnly: false,
      firstBrokerLoginFlowAlias: standIn.firstBrokerLoginFlowAlias ?? 'first broker login',
      config: { clientId, clientSecret, clientAuthMethod: 'client_secret_post', defaultScope: 'openid email profile', syncMode: 'IMPORT' },
    },
  ];
}

/** The stand-in's URLs: the browser goes through the public origin, Keycloak calls itself directly. */
function demoGoogle(realm, standIn, origin, brokerSecret) {
  const browser = `${origin}/auth`;
  const browserKeys = ['issuer', 'authorizationUrl', 'logoutUrl'];
  for (const provider of realm.identityProviders ?? []) {
    if (provider.alias !== 'google') continue;
    for (const [key, value] of Object.entries(provider.config)) {
      provider.config[key] = rebase(value, DEV_KEYCLOAK, browserKeys.includes(key) ? browser : SELF_KEYCLOAK);
    }
    provider.config.clientSecret = brokerSecret;
  }
  for (const client of standIn.clients ?? []) {
    if (client.clientId !== 'kidslearn-broker') continue;
    client.secret = brokerSecret;
    client.redirectUris = (client.redirectUris ?? []).map((uri) => rebase(uri, DEV_KEYCLOAK, browser));
    client.webOrigins = (client.webOrigins ?? []).map((uri) => rebase(uri, DEV_KEYCLOAK, origin));
    const logout = client.attributes?.['post.logout.redirect.uris'];
    if (logout) client.attributes['post.logout.redirect.uris'] = rebase(logout, DEV_KEYCLOAK, browser);
  }
}

/**
 * The realms to import, by file name, for the given environment. Pure (the files are passed in), so the
 * tests call it the way the CLI does.
 */
export function prepareRealms(files, env) {
  const demo = env.KIDSLEARN_DEMO === 'true';
  const origin = publicUrl(env, demo);
  const realm = structuredClone(files[KIDSLEARN]);
  if (!realm) throw new SetupError(`${KIDSLEARN} is missing`);
  realm.clients ??= [];
  setBackendSecret(realm, required(env, 'KEYCLOAK_BACKEND_SECRET', SECRET, 'at least 24 letters or digits, e.g. from infra/make-secrets.sh'));
  pointPortalAt(realm, origin);
  if (!demo) {
    realm.users = (realm.users ?? []).filter((user) => Boolean(user.serviceAccountClientId));
    realm.clients = realm.clients.filter((client) => client.clientId !== 'kidslearn-test');
    realm.smtpServer = operatorSmtp(env, realm.smtpServer);
    realm.identityProviders = operatorGoogle(env, realm.identityProviders ?? []);
    return { [KIDSLEARN]: realm };
  }
  realm.smtpServer = { ...realm.smtpServer, host: env.SMTP_HOST?.trim() || 'maildev', port: env.SMTP_PORT?.trim() || '1025' };
  const standIn = structuredClone(files[GOOGLE_STAND_IN]);
  if (!standIn) throw new SetupError(`the demo needs ${GOOGLE_STAND_IN}`);
  demoGoogle(realm, standIn, origin, randomBytes(24).toString('hex'));
  return { [KIDSLEARN]: realm, [GOOGLE_STAND_IN]: standIn };
}

function main([sourceDir, importDir]) {
  if (!sourceDir || !importDir) throw new SetupError('usage: node prepare-realm.mjs <realm files directory> <import directory>');
  const files = {};
  for (const name of [KIDSLEARN, GOOGLE_STAND_IN]) {
    try {
      files[name] = JSON.parse(readFileSync(path.join(sourceDir, name), 'utf8'));
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
  }
  const realms = prepareRealms(files, process.env);
  // The import volume outlives a run: a realm left from an earlier (demo) run must not be imported now.
  mkdirSync(importDir, { recursive: true });
  for (const stale of readdirSync(importDir).filter((name) => name.endsWith('.json'))) rmSync(path.join(importDir, stale));
  // The files hold the backend secret: the volume is mounted by this job and Keycloak only.
  for (const [name, realm] of Object.entries(realms)) writeFileSync(path.join(importDir, name), JSON.stringify(realm, null, 2), { mode: 0o644 });
  const mode = process.env.KIDSLEARN_DEMO === 'true' ? 'demo (demo accounts, test client, "Google" stand-in)' : 'operator (no demo accounts, no test client, no stand-in)';
  console.log(`realms prepared for ${mode}: ${Object.keys(realms).join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof SetupError ? `prepare-realm: ${error.message}` : error);
    process.exit(1);
  }
}
