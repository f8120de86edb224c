import { useCurrentUser } from '@kidslearn/kit/platform';
import { viewerOf, type MenuItem } from '../areas/areas';
import { useAreas } from '../areas/AreasContext';

export type { MenuItem };

/** The navbar's entries for whoever is looking, from the manifest (SPEC §2 with the default areas). */
export function useMenu(): MenuItem[] {
  const { status, role } = useCurrentUser();
  return useAreas().menuFor(viewerOf(status, role));
}
