// An area (a remote) in a few lines: `defineArea` gives its endpoints and the hooks its features use
// (`useApi`, `useArea`), `createArea` its single-spa lifecycles (platform, endpoints, router, scoped styles).
// Two calls, so a feature imports the hooks from the area's api module and never the root that imports it.
import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { GatewayApi } from './gateway-api';
import { createRemoteLifecycles, type LazyStyles } from './remote-lifecycles';
import type { Platform, RemoteProps } from './types';

export interface AreaContextValue<Api> {
  platform: Platform;
  /** The area's endpoints in the one gateway API slice. */
  api: Api;
  /** Where the area's own static files are served (beside its remoteEntry.js), ending in '/'. */
  baseUrl: string;
}

export interface AreaDefinition<Api> {
  /** e.g. 'learning': the prefix of its endpoint names and its style scope `.kl-learning`. */
  name: string;
  /** Injects the endpoints once per platform and gives the tree below the area's context. */
  Provider: (props: { platform: Platform; baseUrl?: string; children: ReactNode }) => ReactNode;
  /** The element every rule of the area's stylesheet lives under. */
  Frame: (props: { children: ReactNode }) => ReactNode;
  useArea: () => AreaContextValue<Api>;
  useApi: () => Api;
}

declare const __webpack_public_path__: string | undefined;

/** The remote's own public path (webpack's, inside the remote's bundle); '/' outside webpack (unit tests). */
export function ownBaseUrl(): string {
  return typeof __webpack_public_path__ === 'string' && __webpack_public_path__ ? __webpack_public_path__ : '/';
}

export function defineArea<Api>(name: string, endpoints: (api: GatewayApi) => Api): AreaDefinition<Api> {
  const Context = createContext<AreaContextValue<Api> | null>(null);
  function Provider({ platform, baseUrl, children }: { platform: Platform; baseUrl?: string; children: ReactNode }) {
    const value = useMemo(() => ({ platform, api: endpoints(platform.api), baseUrl: baseUrl ?? ownBaseUrl() }), [platform, baseUrl]);
    return <Context.Provider value={value}>{children}</Context.Provider>;
  }
  function Frame({ children }: { children: ReactNode }) {
    return <div className={`kl-${name}`}>{children}</div>;
  }
  function useArea(): AreaContextValue<Api> {
    const value = useContext(Context);
    if (!value) throw new Error(`The ${name} area's context is missing: render it inside its Provider (createArea does)`);
    return value;
  }
  return { name, Provider, Frame, useArea, useApi: () => useArea().api };
}

export interface AreaOptions<Api> {
  area: AreaDefinition<Api>;
  /** The area's pages (react-router `<Routes>`); the shell's guards have already admitted the user. */
  routes: ComponentType;
  /** style-loader lazy modules: added on mount, removed on unmount. */
  styles?: LazyStyles[];
}

/** The remote's single-spa lifecycles: `export const { bootstrap, mount, unmount } = createArea({ … })` in spa.tsx. */
export function createArea<Api>({ area, routes: Routes, styles = [] }: AreaOptions<Api>) {
  function AreaRoot({ platform }: RemoteProps) {
    return (
      <area.Provider platform={platform}>
        <BrowserRouter>
          <area.Frame>
            <Routes />
          </area.Frame>
        </BrowserRouter>
      </area.Provider>
    );
  }
  return createRemoteLifecycles(AreaRoot, styles);
}
