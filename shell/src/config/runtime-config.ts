// Runtime configuration fetched from /config.json at start-up (the runtime manifest, see manifest-schema.ts):
// the gateway, Keycloak and every area change without rebuilding the shell.
import { ManifestError, parseManifest, type Manifest } from './manifest-schema';

/** A Module Federation remote's name, as config.json lists it (e.g. mfe_public). */
export type RemoteName = string;

export type RuntimeConfig = Manifest;

export type ConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; problems: string[] };

/** config.json, checked; a missing, unreadable or malformed manifest is a result the shell shows, not a throw. */
export async function loadConfig(fetchFn: typeof fetch = fetch): Promise<ConfigResult> {
  let raw: unknown;
  try {
    const res = await fetchFn('/config.json', { cache: 'no-store' });
    if (!res.ok) return { ok: false, problems: [`/config.json answered HTTP ${res.status}`] };
    raw = await res.json();
  } catch (error) {
    return { ok: false, problems: [`/config.json could not be read: ${error instanceof Error ? error.message : String(error)}`] };
  }
  try {
    return { ok: true, config: parseManifest(raw) };
  } catch (error) {
    if (error instanceof ManifestError) return { ok: false, problems: error.problems };
    throw error;
  }
}
