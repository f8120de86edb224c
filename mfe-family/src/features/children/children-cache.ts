import { useMemo } from 'react';
import { familyArea, type FamilyChild } from '../../api/family-api';

/** Keeps the area's own list of children in step with a settings change or an unlinked child (no refetch). */
export function useChildrenCache() {
  const { api, platform } = familyArea.useArea();
  return useMemo(() => {
    const update = (recipe: (children: FamilyChild[]) => FamilyChild[]) => platform.store.dispatch(api.util.updateQueryData('familyChildren', undefined, recipe));
    return {
      replace: (changed: FamilyChild) => update((children) => children.map((child) => (child.linkId === changed.linkId ? changed : child))),
      remove: (linkId: string) => update((children) => children.filter((child) => child.linkId !== linkId)),
    };
  }, [api, platform]);
}
