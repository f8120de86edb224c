import { createContext, useContext, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Platform } from './types';

const PlatformContext = createContext<Platform | null>(null);

/** Gives a React tree (the shell's, or a remote's own root) the platform and its store. */
export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return (
    <Provider store={platform.store}>
      <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>
    </Provider>
  );
}

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform: wrap the tree in <PlatformProvider>');
  return platform;
}

export function useFeedback(): Platform['feedback'] {
  return usePlatform().feedback;
}
