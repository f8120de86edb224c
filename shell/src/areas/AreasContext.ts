import { createContext, useContext } from 'react';
import type { Areas } from './areas';

export const AreasContext = createContext<Areas | null>(null);

export function useAreas(): Areas {
  const areas = useContext(AreasContext);
  if (!areas) throw new Error('AreasContext is missing');
  return areas;
}
