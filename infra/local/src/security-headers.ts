// The browser security headers of the portal's frontends (issue 19), one definition for both ways they are
// served: the local static server (static-server.ts) sends these; in Docker nginx sends the same
// (infra/docker/nginx-static.conf, and the page policy infra/docker/shell-config.sh writes at start from the
// environment it writes config.json from), kept in step by infra/local/test/security-headers.test.ts.
import { createHash } from 'node:crypto';
import type { InlineHashes } from './first-screen';

/** A navbar entry of an area (the shell's manifest-schema.ts has the full rules). */
export interface PortalMenuEntry {
  label: string;
  path: string;
  order: number;
  roles: string[];
}

/**
 * The runtime manifest (the shell's config.json; its schema and checks: shell/src/config/manifest-schema.ts),
 * as far as serving the portal page needs it: the origins its policy names, the first screen and the menu.
 */
export interface PortalManifest {
  gatewayUrl: string;
  keycloak: { url: string; realm?: string; clientId?: string };
  gameUrl?: string;
  areas: {
    name: string;
    entry: string;
    roles: string[];
    visitors?: 'sign-in' | 'forbidden';
    routes: { path: string; subPaths?: boolean; roles?: string[] }[];
    menu?: PortalMenuEntry[];
    firstScreen?: string;
  }[];
}

/** CSP sources (`'sha256-…'`) of a page's inline `<script>` and `<style>` elements. */
export type { InlineHashes };

/** What the shell's build writes beside index.html: the hashes of its inline scripts and styles (see formatInlineHashes). */
export const INLINE_HASHES_FILE = 'csp-inline-hashes.txt';

/** Where lesson videos play: mfe-learning turns YouTube links into privacy-enhanced embeds. */
export const VIDEO_ORIGINS = ['https://www.youtube-nocookie.com'];

/**
 * The page's address goes to the portal's own origin only: YouTube, Keycloak, the gateway and the social links
 * learn no page a child was on (the video frames set their own policy: YouTube's player needs the origin).
 * Unlike no-referrer, a same-origin POST keeps its Origin header.
 */
export const REFERRER_POLICY = 'same-origin';

/** Scripts, styles, JSON, images: nothing runs in them as a document, nothing frames them. */
export const FILE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The shell's silent-check-sso.html: keycloak-js frames it on the portal's own origin; its script is a file beside it. */
export const SSO_CALLBACK_POLICY = "default-src 'none'; script-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** mfe-learning's own math game: framed by the portal page (sandboxed), its script and style are files beside it. */
export function gamePolicy(portalOrigin: string): string {
  return `default-src 'none'; script-src 'self'; style-src 'self'; frame-ancestors ${portalOrigin}; base-uri 'none'; form-action 'none'`;
}

/** The origin of an absolute http(s) URL; a relative one is the page's own origin ('self'), so nothing. */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url.trim())) return undefined;
  return new URL(url.trim()).origin;
}

/**
 * The portal page's policy (index.html, every client-side route): scripts only from the shell's origin, the
 * remotes' origins (Module Federation adds their remoteEntry.js and chunks as script elements) and index.html's
 * own inline scripts by hash; styles from the shell's origin and the page's inline styles by hash (index.html's,
 * computed by the shell's build, and the first screen's, computed by the build of the area that publishes it; the
 * remotes adopt theirs through the CSSOM, kit/webpack/adopted-styles); fetches to the gateway, Keycloak (token
 * refresh) and the remotes (their content files); images from the gateway (avatars, gifts, photos), the remotes
 * and data: URLs (small SVGs) and blob: URLs (a learner's own photo, fetched with the token: kit's
 * usePrivatePicture); frames for Keycloak's session check, the lesson videos and the game.
 */
export function portalPagePolicy(manifest: PortalManifest, inline: InlineHashes): string {
  const remotes = manifest.areas.map((area) => originOf(area.entry));
  const gateway = originOf(manifest.gatewayUrl);
  const keycloak = originOf(manifest.keycloak.url);
  const directives: [string, ...(string | undefined)[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...remotes, ...inline.scripts],
    ['style-src', "'self'", ...inline.styles],
    ['img-src', "'self'", 'data:', 'blob:', gateway, ...remotes],
    ['connect-src', "'self'", gateway, keycloak, ...remotes],
    ['frame-src', "'self'", keycloak, ...VIDEO_ORIGINS, ...remotes, originOf(manifest.gameUrl)],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, ...sources]) => [name, ...new Set(sources.filter((source) => source !== undefined))].join(' ')).join('; ');
}

/** Which kind of answer a path is: the same table as nginx-static.conf's locations. */
export type AnswerKind = 'portal-page' | 'sso-callback' | 'game' | 'file';

/**
 * `.html` files and paths without an extension (the shell's client-side routes, which fall back to
 * index.html) are pages; a folder is its index.html; everything else is a file.
 */
export function answerKind(pathname: string): AnswerKind {
  const path = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
  if (path === '/silent-check-sso.html') return 'sso-callback';
  if (path === '/game/index.html') return 'game';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') || last.endsWith('.html') ? 'portal-page' : 'file';
}

/** The headers every answer carries, with its policy. */
export function securityHeaders(policy: string): Record<string, string> {
  return { 'Content-Security-Policy': policy, 'Referrer-Policy': REFERRER_POLICY, 'X-Content-Type-Options': 'nosniff' };
}

/** The CSP source allowing an inline script or style with exactly this text. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
/** Attributes no hash can allow without 'unsafe-hashes': style attributes, event handlers. */
const UNHASHABLE_ATTRIBUTE = /<[a-z][^>]*?\s(style|on[a-z]+)\s*=/i;

/**
 * Build time: the hashes of a page's inline scripts and styles (our own build's markup, so a pattern is
 * enough). Throws on markup that would need 'unsafe-inline' or 'unsafe-hashes': a style attribute, an inline
 * event handler or a `javascript:` URL.
 */
export function inlineHashesOf(html: string): InlineHashes {
  const scripts: string[] = [];
  const styles: string[] = [];
  const markup = html
    .replace(INLINE_SCRIPT, (_tag, attributes: string, text: string) => {
      if (!/\ssrc\s*=/i.test(attributes)) scripts.push(hashSource(text));
      return '';
    })
    .replace(INLINE_STYLE, (_tag, text: string) => {
      styles.push(hashSource(text));
      return '';
    });
  const unhashable = UNHASHABLE_ATTRIBUTE.exec(markup);
  if (unhashable) throw new Error(`the page has a ${unhashable[1]} attribute, which its Content-Security-Policy would block`);
  if (/\b(href|src|action)\s*=\s*["']?\s*javascript:/i.test(markup)) throw new Error('the page has a javascript: URL, which its Content-Security-Policy would block');
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

/** The file INLINE_HASHES_FILE holds: one line per directive, read as well by shell-config.sh (nginx). */
export function formatInlineHashes(inline: InlineHashes): string {
  return `script-src ${inline.scripts.join(' ')}\nstyle-src ${inline.styles.join(' ')}\n`;
}

export function parseInlineHashes(text: string): InlineHashes {
  const line = (name: string) => (new RegExp(`^${name} (.*)$`, 'm').exec(text)?.[1] ?? '').split(' ').filter(Boolean);
  return { scripts: line('script-src'), styles: line('style-src') };
}

/** Both builds' hashes in one list each (the shell's index.html and the first screen put into it). */
export function mergeInlineHashes(...all: InlineHashes[]): InlineHashes {
  return { scripts: [...new Set(all.flatMap((hashes) => hashes.scripts))], styles: [...new Set(all.flatMap((hashes) => hashes.styles))] };
}
