// Started by the entry point, before the shared libraries are negotiated: config.json, then the remote
// this URL shows (remoteEntry.js, its chunks) download alongside the shell's own start-up chunks.
import { loadConfig, type RemoteName, type RuntimeConfig } from './runtime-config';
import { createRemoteLoader, type RemoteLoader } from '../remotes/remote-loader';
import { createAreas, type Areas } from '../areas/areas';
import { preconnect } from './preconnect';

export interface EarlyStart {
  ok: true;
  config: RuntimeConfig;
  /** The one definition of the areas (routes, guards, menu), from the manifest. */
  areas: Areas;
  /** The one loader; its area picks up the page remote's load already under way. */
  loader: RemoteLoader;
  pageRemote: RemoteName | undefined;
  /** Settles (never rejects) when the page remote's code is in or has failed. */
  pageRemoteLoaded: Promise<void>;
}

/** The manifest could not be used: the shell shows these problems instead of the portal. */
export interface EarlyFailure {
  ok: false;
  problems: string[];
}

let pending: Promise<EarlyStart | EarlyFailure> | undefined;

export function startEarly(): Promise<EarlyStart | EarlyFailure> {
  pending ??= loadConfig().then((result) => {
    if (!result.ok) return result;
    const { config } = result;
    preconnect([
      { href: config.gatewayUrl, crossOrigin: true },
      { href: config.keycloak.url, crossOrigin: false },
    ]);
    const areas = createAreas(config);
    const loader = createRemoteLoader(config.areas);
    const pageRemote = areas.pageFor(window.location.pathname)?.area.name;
    const pageRemoteLoaded = pageRemote ? loader(pageRemote).then(() => undefined, () => undefined) : Promise.resolve();
    return { ok: true as const, config, areas, loader, pageRemote, pageRemoteLoaded };
  });
  return pending;
}
