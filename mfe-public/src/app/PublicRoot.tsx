import { useMemo, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { RemoteProps } from '@kidslearn/kit/platform';
import { injectPublicApi } from '../api/public-api';
import { PublicContext } from './context';
import { PublicRoutes } from './PublicRoutes';

/** Scopes this remote's styles (every rule lives under .kl-public); the prerendered first screen uses it too. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return <div className="kl-public">{children}</div>;
}

export function PublicRoot({ platform, contentBase }: RemoteProps & { contentBase: string }) {
  const value = useMemo(() => ({ platform, api: injectPublicApi(platform.api), contentBase }), [platform, contentBase]);
  return (
    <PublicContext.Provider value={value}>
        <BrowserRouter>
          <PublicFrame>
            <PublicRoutes />
          </PublicFrame>
        </BrowserRouter>
    </PublicContext.Provider>
  );
}
