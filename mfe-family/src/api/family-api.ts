import { defineArea, injectAreaEndpoints, type GatewayApi } from '@kidslearn/kit/platform';
import type {
  Address,
  ChildGems,
  ChildLearning,
  ConsentDecision,
  FamilyChild,
  FamilyInvitation,
  FamilySettings,
  NewParentAccount,
  Redemption,
} from '@kidslearn/contracts';

export type { Address, ChildGemLine, ChildGems, ChildLearning, ChildLessonRow, FamilyChild, FamilyInvitation, FamilySettings, Redemption } from '@kidslearn/contracts';

/** POST /family/consents answers the decision, and the linked child after an agreement. */
export interface ConsentAnswer {
  decision: ConsentDecision['decision'];
  child?: FamilyChild;
}

/**
 * The 403 of POST /family/consents when the signed-in parent is not the invited address: the page explains it
 * (sign in with the invited address); it is not a refusal of the session (kit GatewayExtraOptions).
 */
export const OTHER_PARENT_CODE = 'wrong_parent';

const list = <T>(body: unknown): T[] => (Array.isArray(body) ? (body as T[]) : []);
const isChild = (child: unknown): child is FamilyChild =>
  typeof (child as FamilyChild | undefined)?.linkId === 'string' && typeof (child as FamilyChild).name === 'string';
const child = (linkId: string) => `/family/children/${encodeURIComponent(linkId)}`;

/** mfe-family's endpoints in the shell's one gateway API slice (names carry the area's prefix). */
export function injectFamilyApi(api: GatewayApi) {
  return injectAreaEndpoints(api, 'family', (build) => ({
    // Consent: the invitation's link is opened by a visitor or by the invited parent.
    familyInvitation: build.query<FamilyInvitation, string>({ query: (token) => `/family/invitations/${encodeURIComponent(token)}` }),
    familyCreateParent: build.mutation<unknown, NewParentAccount>({ query: (body) => ({ url: '/family/parents', method: 'POST', body }) }),
    familyConsent: build.mutation<ConsentAnswer, ConsentDecision>({
      query: (body) => ({ url: '/family/consents', method: 'POST', body }),
      extraOptions: { answerCodes: [OTHER_PARENT_CODE] },
    }),
    // The parent's children and their settings (the cache is kept in step by children-cache.ts).
    familyChildren: build.query<FamilyChild[], void>({
      query: () => '/family/children',
      transformResponse: (body: unknown) => list<unknown>(body).filter(isChild),
    }),
    familySaveSettings: build.mutation<FamilyChild, { linkId: string; settings: FamilySettings }>({
      query: ({ linkId, settings }) => ({ url: child(linkId), method: 'PATCH', body: settings }),
    }),
    familyWithdrawConsent: build.mutation<unknown, string>({ query: (linkId) => ({ url: `${child(linkId)}/consent`, method: 'DELETE' }) }),
    familyDeleteChild: build.mutation<unknown, string>({ query: (linkId) => ({ url: child(linkId), method: 'DELETE' }) }),
    // A one-off download, kept as text (serialisable in the store) and reset once saved.
    familyExport: build.mutation<string, string>({
      query: (linkId) => ({ url: `${child(linkId)}/export`, responseHandler: 'text' }),
      transformResponse: (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body, null, 2)),
    }),
    // The child's page: read from quiz, gems and gifts through the gateway.
    familyChildLearning: build.query<ChildLearning, string>({
      query: (linkId) => `${child(linkId)}/learning`,
      transformResponse: (body: ChildLearning | undefined) => ({ lessons: list(body?.lessons) }),
      providesTags: ['QuizResult'],
    }),
    familyChildGems: build.query<ChildGems, string>({
      query: (linkId) => `${child(linkId)}/gems`,
      transformResponse: (body: ChildGems | undefined) => ({ balance: typeof body?.balance === 'number' ? body.balance : 0, lines: list(body?.lines) }),
      providesTags: ['Ledger'],
    }),
    familyChildRedemptions: build.query<Redemption[], string>({
      query: (linkId) => `${child(linkId)}/redemptions`,
      transformResponse: (body: unknown) => list<Redemption>(body),
      providesTags: ['Redemption'],
    }),
    // Approving settles the held gems, declining gives them back: both move the gem history too.
    familyApproveGift: build.mutation<Redemption, { id: string; address: Address }>({
      query: ({ id, address }) => ({ url: `/family/redemptions/${encodeURIComponent(id)}/approval`, method: 'POST', body: address }),
      invalidatesTags: ['Redemption', 'Ledger'],
    }),
    familyDeclineGift: build.mutation<Redemption, string>({
      query: (id) => ({ url: `/family/redemptions/${encodeURIComponent(id)}/decline`, method: 'POST' }),
      invalidatesTags: ['Redemption', 'Ledger'],
    }),
  }));
}

export type FamilyApi = ReturnType<typeof injectFamilyApi>;

/** The family area: its endpoints and the hooks its features read them with (the root is createArea in spa.tsx). */
export const familyArea = defineArea('family', injectFamilyApi);
export const useFamilyApi = familyArea.useApi;
