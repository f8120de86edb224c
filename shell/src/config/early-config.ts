// Started by the entry point, before the shared libraries are negotiated: config.json, then the remote
// this URL shows (remoteEntry.js, its chunks) download alongside the shell's own start-up chunks.
import { loadConfig, type RemoteName, type RuntimeConfig } from './runtime-config';
import { createRemoteLoader, type RemoteLoader } from '../remotes/remote-loader';
import { remoteForPath } from '../remotes/remote-for-path';
import { preconnect } from './preconnect';

export interface EarlyStart {
  config: RuntimeConfig;
  /** The one loader; its area picks up the page remote's load already under way. */
  loader: RemoteLoader;
  pageRemote: RemoteName | undefined;
  /** Settles (never rejects) when the page remote's code is in or has failed. */
  pageRemoteLoaded: Promise<void>;
}

let pending: Promise<EarlyStart> | undefined;

export function startEarly(): Promise<EarlyStart> {
  pending ??= loadConfig().then((config) => {
    preconnect([
      { href: config.gatewayUrl, crossOrigin: true },
      { href: config.keycloak.url, crossOrigin: false },
    ]);
    const loader = createRemoteLoader(config.remotes);
    const pageRemote = remoteForPath(window.location.pathname);
    const pageRemoteLoaded = pageRemote ? loader(pageRemote).then(() => undefined, () => undefined) : Promise.resolve();
    return { config, loader, pageRemote, pageRemoteLoaded };
  });
  return pending;
}
