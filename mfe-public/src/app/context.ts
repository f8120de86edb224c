import { createContext, useContext } from 'react';
import type { Platform } from '@kidslearn/kit/platform';
import type { PublicApi } from '../api/public-api';

export interface PublicContextValue {
  platform: Platform;
  api: PublicApi;
  /** Base URL of this remote's own static files (content JSON, images). */
  contentBase: string;
}

export const PublicContext = createContext<PublicContextValue | null>(null);

export function usePublic(): PublicContextValue {
  const value = useContext(PublicContext);
  if (!value) throw new Error('PublicContext is missing');
  return value;
}
