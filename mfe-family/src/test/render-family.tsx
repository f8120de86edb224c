import { renderArea, type PlatformSetup } from '@kidslearn/kit/testing';
import { familyArea } from '../api/family-api';
import { FamilyRoutes } from '../app/FamilyRoutes';

/** Renders the family area at `path` on the kit's test platform (a fake gateway, a signed-in parent). */
export function renderFamily(path: string, setup: PlatformSetup = {}) {
  return renderArea(familyArea, FamilyRoutes, { session: 'parent', ...setup, path });
}
