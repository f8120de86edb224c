// Loads a remote's single-spa lifecycles through the Module Federation runtime. The remote
// locations come from the runtime config, so a remote is redeployed without rebuilding the shell.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import type { RemoteName } from '../config/runtime-config';

export type RemoteLoader = (name: RemoteName) => Promise<LifeCycles>;

const RETRY_DELAYS_MS = [400, 1200];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each area's remote: its name and remoteEntry.js (absolute, or a path on the portal's origin). */
export interface RemoteEntry {
  name: RemoteName;
  entry: string;
}

export function createRemoteLoader(remotes: RemoteEntry[], base: string = globalThis.location?.href ?? 'http://localhost/'): RemoteLoader {
  const entries = new Map(remotes.map(({ name, entry }) => [name, new URL(entry, base).href]));
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
  const loadOnce = async (name: RemoteName) => {
    const mod = await loadRemote<LifeCycles>(`${name}/spa`);
    if (!mod || typeof mod.mount !== 'function') throw new Error(`${name} does not expose single-spa lifecycles`);
    return { bootstrap: mod.bootstrap, mount: mod.mount, unmount: mod.unmount, update: mod.update } as LifeCycles;
  };
  const loadWithRetries = async (name: RemoteName) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await loadOnce(name);
      } catch (error) {
        if (attempt >= RETRY_DELAYS_MS.length) throw error;
        await wait(RETRY_DELAYS_MS[attempt] ?? 0);
        // Forget the failed container so the next attempt fetches remoteEntry.js again.
        registerRemotes([{ name, entry: entries.get(name)! }], { force: true });
      }
    }
  };
  // Callers asking while a load is under way share it (the shell starts the page's remote before
  // React renders; its area then picks up the same load); a later call, e.g. "Try again", starts anew.
  const inFlight = new Map<RemoteName, Promise<LifeCycles>>();
  return (name) => {
    if (!entries.has(name)) return Promise.reject(new Error(`${name} is not an area of config.json`));
    const running = inFlight.get(name);
    if (running) return running;
    const load = loadWithRetries(name);
    inFlight.set(name, load);
    const settle = () => void inFlight.delete(name);
    load.then(settle, settle);
    return load;
  };
}
