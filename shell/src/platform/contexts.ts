import { createContext, useContext } from 'react';
import type { Platform } from './types';
import type { RemoteLoader } from '../remotes/remote-loader';

export const PlatformContext = createContext<Platform | null>(null);
export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('PlatformContext is missing');
  return platform;
}

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('RemoteLoaderContext is missing');
  return loader;
}
