import { createContext, useContext } from 'react';
import type { RemoteLoader } from '../remotes/remote-loader';

// The platform itself comes from the kit (PlatformProvider / usePlatform); the loader is the shell's own.
export { usePlatform } from '@kidslearn/kit/platform';

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('RemoteLoaderContext is missing');
  return loader;
}
