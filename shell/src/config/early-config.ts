// Started by the entry point, before the shared libraries are negotiated, so config.json and the
// active remote's remoteEntry.js (through a preload hint) download alongside React.
import { loadConfig, type RuntimeConfig } from './runtime-config';
import { preloadRemoteEntry } from '../remotes/remote-for-path';

let pending: Promise<RuntimeConfig> | undefined;

export function startConfigLoad(): Promise<RuntimeConfig> {
  pending ??= loadConfig().then((config) => {
    preloadRemoteEntry(config.remotes, window.location.pathname);
    return config;
  });
  return pending;
}
