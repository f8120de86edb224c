// The portal page (index.html, every client-side route) as the local static server answers it: the shell's
// build with its markers filled (first-screen.ts) — the first screen fetched from the area that publishes it
// (revalidated with its ETag on every page answer, so a rebuilt mfe-public shows at once), the visitor's menu
// from config.json — and the policy that allows both builds' inline code by hash.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { composePage, FIRST_SCREEN_FILE, menuMarkup, parseFirstScreen, type FirstScreen } from './first-screen';
import { INLINE_HASHES_FILE, mergeInlineHashes, parseInlineHashes, portalPagePolicy, type PortalManifest } from './security-headers';

export interface PortalPage {
  body: string;
  policy: string;
}

export interface PortalPageOptions {
  dir: string;
  /** The portal's own origin: a relative remote entry is on it. */
  selfOrigin: string;
  fetchFn?: typeof fetch;
  /** How long a page answer waits for the first screen before it goes without. */
  timeoutMs?: number;
}

/** A file's text, read again only when it changed; undefined when it is missing. */
function cachedFile(file: string): () => string | undefined {
  let seen: { mtime: number; text: string } | undefined;
  return () => {
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (seen?.mtime !== mtime) seen = { mtime, text: readFileSync(file, 'utf8') };
    return seen.text;
  };
}

function manifestOf(text: string | undefined): PortalManifest | undefined {
  try {
    const manifest = JSON.parse(text ?? '') as PortalManifest;
    return Array.isArray(manifest.areas) && manifest.keycloak ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** The entries a visitor sees (also what shows while the session is being checked), in their order. */
export function visitorMenu(manifest: PortalManifest): string {
  const entries = manifest.areas.flatMap((area) => area.menu ?? []).filter((entry) => entry.roles.includes('visitor'));
  return menuMarkup(entries.sort((a, b) => a.order - b.order).map((entry) => ({ label: entry.label, path: entry.path })));
}

/** Where the manifest's first screen is published (relative to its area's entry), if an area publishes one. */
export function firstScreenUrl(manifest: PortalManifest, selfOrigin: string): string | undefined {
  const area = manifest.areas.find((candidate) => candidate.firstScreen);
  if (!area?.firstScreen) return undefined;
  return new URL(area.firstScreen, new URL(area.entry, `${selfOrigin}/`)).href;
}

export function createPortalPages(options: PortalPageOptions): () => Promise<PortalPage> {
  const fetchFn = options.fetchFn ?? fetch;
  const template = cachedFile(path.join(options.dir, 'index.html'));
  const manifestText = cachedFile(path.join(options.dir, 'config.json'));
  const hashesText = cachedFile(path.join(options.dir, INLINE_HASHES_FILE));
  let known: { url: string; etag: string | null; screen: FirstScreen | undefined } | undefined;

  async function firstScreen(url: string | undefined): Promise<FirstScreen | undefined> {
    if (!url) return undefined;
    try {
      const headers: Record<string, string> = known?.url === url && known.etag ? { 'if-none-match': known.etag } : {};
      const response = await fetchFn(url, { headers, signal: AbortSignal.timeout(options.timeoutMs ?? 1500) });
      if (response.status === 304 && known?.url === url) return known.screen;
      const screen = response.ok ? parseFirstScreen(await response.text()) : undefined;
      known = { url, etag: response.ok ? response.headers.get('etag') : null, screen };
      return screen;
    } catch {
      // The area is down: its own area shows the fallback once the page runs; the page itself still answers.
      return undefined;
    }
  }

  return async () => {
    const page = template() ?? '';
    const shellHashes = parseInlineHashes(hashesText() ?? '');
    const manifest = manifestOf(manifestText());
    // A broken manifest still gets a page whose scripts run: the shell shows what is wrong with it.
    if (!manifest) return { body: page, policy: portalPagePolicy({ gatewayUrl: '', keycloak: { url: '' }, areas: [] }, shellHashes) };
    const screen = await firstScreen(firstScreenUrl(manifest, options.selfOrigin));
    return {
      body: composePage(page, { firstScreen: screen, menu: visitorMenu(manifest) }),
      policy: portalPagePolicy(manifest, screen ? mergeInlineHashes(shellHashes, screen.hashes) : shellHashes),
    };
  };
}

export { FIRST_SCREEN_FILE };
