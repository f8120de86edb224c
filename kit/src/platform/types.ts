// The one object the shell hands to every remote: its only way to reach shell internals.
// The shell implements it (shell/src/platform/create-platform.ts); remotes receive it as a prop.
import type { Slice } from '@reduxjs/toolkit';
import type { AuthClient } from './auth-client';
import type { GatewayApi, PortalUser } from './gateway-api';
import type { AppStore, RootState } from './store';
import type { SessionState, SessionUser } from './session-slice';
import type { Feedback } from './feedback';

/** Runtime settings a remote may read (from the shell's config.json). */
export interface PlatformConfig {
  gatewayUrl: string;
  /** The math game's address on /games; a third-party game can be configured without a rebuild. */
  gameUrl?: string;
}

export interface Platform {
  store: AppStore;
  /** The gateway API slice; remotes add endpoints with `injectAreaEndpoints`. */
  api: GatewayApi;
  auth: AuthClient;
  /** Client-side navigation through the shell's router. */
  navigate: (to: string) => void;
  /** Adds a remote's slice to the one store (combineSlices injection). */
  injectSlice: <S extends Slice>(slice: S) => ReturnType<S['injectInto']>;
  config: PlatformConfig;
  /** Alerts, confirms and toasts, hosted once by the shell (they outlive a remote's unmount). */
  feedback: Feedback;
}

/** Props every remote's single-spa lifecycles receive. */
export interface RemoteProps {
  platform: Platform;
}

export type { AuthClient, GatewayApi, PortalUser, AppStore, RootState, SessionState, SessionUser, Feedback };
