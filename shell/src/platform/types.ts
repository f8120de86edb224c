// The one object the shell hands to every remote: its only way to reach shell internals.
// Remotes import this type with `import type { Platform } from '@kidslearn/shell'`.
import type { Slice } from '@reduxjs/toolkit';
import type { AuthClient } from '../auth/auth-client';
import type { GatewayApi, PortalUser } from '../api/gateway-api';
import type { AppStore, RootState } from '../store/store';
import type { RuntimeConfig } from '../config/runtime-config';
import type { SessionState, SessionUser } from '../auth/session-slice';

export interface Platform {
  store: AppStore;
  /** The gateway API slice; extend it with `api.injectEndpoints`. */
  api: GatewayApi;
  auth: AuthClient;
  /** Client-side navigation through the shell's router. */
  navigate: (to: string) => void;
  /** Adds a remote's slice to the one store (combineSlices injection). */
  injectSlice: <S extends Slice>(slice: S) => ReturnType<S['injectInto']>;
  config: Pick<RuntimeConfig, 'gatewayUrl'>;
}

/** Props every remote's single-spa lifecycles receive. */
export interface RemoteProps {
  platform: Platform;
}

export type { AuthClient, GatewayApi, PortalUser, AppStore, RootState, SessionState, SessionUser };
