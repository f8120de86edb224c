import { defineArea, injectAreaEndpoints, type GatewayApi } from '@kidslearn/kit/platform';

/** A child linked to the signed-in parent, as GET /family/children lists them. */
export interface LinkedChild {
  id: string;
  name: string;
}

const list = <T>(body: unknown): T[] => (Array.isArray(body) ? (body as T[]) : []);

/** mfe-family's endpoints in the shell's one gateway API slice (names carry the area's prefix). */
export function injectFamilyApi(api: GatewayApi) {
  return injectAreaEndpoints(api, 'family', (build) => ({
    familyChildren: build.query<LinkedChild[], void>({
      query: () => '/family/children',
      transformResponse: (body: unknown) => list<LinkedChild>(body).filter((child) => typeof child?.id === 'string' && typeof child.name === 'string'),
    }),
  }));
}

export type FamilyApi = ReturnType<typeof injectFamilyApi>;

/** The family area: its endpoints and the hooks its features read them with (the root is createArea in spa.tsx). */
export const familyArea = defineArea('family', injectFamilyApi);
export const useFamilyApi = familyArea.useApi;
