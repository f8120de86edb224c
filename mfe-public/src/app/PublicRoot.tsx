import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { RemoteProps } from '@kidslearn/shell';
import { injectPublicApi } from '../api/public-api';
import { PublicContext } from './context';
import { PublicRoutes } from './PublicRoutes';

export function PublicRoot({ platform, contentBase }: RemoteProps & { contentBase: string }) {
  const value = useMemo(() => ({ platform, api: injectPublicApi(platform.api), contentBase }), [platform, contentBase]);
  return (
    <Provider store={platform.store}>
      <PublicContext.Provider value={value}>
        <BrowserRouter>
          <div className="kl-public">
            <PublicRoutes />
          </div>
        </BrowserRouter>
      </PublicContext.Provider>
    </Provider>
  );
}
