import { createContext, useContext } from 'react';
import type { LearningApi } from '../api/learning-api';

/** This remote's endpoints (injected once per mount into the platform's API slice). */
export const LearningApiContext = createContext<LearningApi | null>(null);

export function useLearningApi(): LearningApi {
  const api = useContext(LearningApiContext);
  if (!api) throw new Error('LearningApiContext is missing');
  return api;
}
