import { defineArea, cacheSeconds, injectAreaEndpoints, type GatewayApi } from '@kidslearn/kit/platform';
import type { Address, MyParent, NameParent, Redemption as ContractRedemption, RedemptionStatus } from '@kidslearn/contracts';

export type { Address, MyParent, RedemptionStatus };

/**
 * POST /redemptions' 403 while a parent has not agreed (PARENT_CONSENT=required): the redeem form shows its
 * message like any refusal; the child stays signed in (kit GatewayExtraOptions).
 */
export const PARENT_CONSENT_REQUIRED = 'parent_consent_required';

/** SPEC §3 Gift: cost missing or not positive means the price is not set. */
export interface Gift {
  id: string;
  name: string;
  img: string;
  cost?: number;
}

/** A redemption as the gifts service answers it (one definition with the service: contracts/src/redemption.ts). */
export type Redemption = Pick<ContractRedemption, '_id' | 'giftId' | 'giftName' | 'giftImg' | 'cost' | 'createdAt' | 'deliveryStatus' | 'status'>;

export interface RedeemRequest {
  giftId: string;
  address: Address;
  idempotencyKey: string;
}

/** 201: debited (gems is the new total); 202: accepted, still settling. */
export type RedeemAnswer = { status: 201; redemption: Redemption; gems: number } | { status: 202; redemption: Redemption };

export interface LedgerEntry {
  ref: string;
  kind: string;
  amount: number;
  balance: number;
  lessonId?: string;
  at: string;
}

export interface Avatar {
  img: string;
}

export interface LessonName {
  _id: string;
  lessonHeading: string;
}

const list = <T>(body: unknown): T[] => (Array.isArray(body) ? (body as T[]) : []);

/** mfe-rewards' endpoints in the shell's one gateway API slice. */
export function injectRewardsApi(api: GatewayApi) {
  return injectAreaEndpoints(api, 'rewards', (build) => ({
    rewardsGifts: build.query<Gift[], void>({
      query: () => '/Gift.json',
      transformResponse: (body: unknown) => list<Gift>(body),
      keepUnusedDataFor: cacheSeconds.gifts,
      providesTags: ['Gift'],
    }),
    rewardsRedeem: build.mutation<RedeemAnswer, RedeemRequest>({
      // One call: the server takes the cost from its catalogue and debits; the key makes a retry safe.
      query: ({ giftId, address, idempotencyKey }) => ({ url: '/redemptions', method: 'POST', body: { giftId, address }, headers: { 'Idempotency-Key': idempotencyKey } }),
      extraOptions: { answerCodes: [PARENT_CONSENT_REQUIRED] },
      // A 201 carries the new total; a 202 ("processing") has none yet.
      transformResponse: (body: { redemption: Redemption; gems?: number }) =>
        (typeof body.gems === 'number' ? { status: 201, redemption: body.redemption, gems: body.gems } : { status: 202, redemption: body.redemption }) as RedeemAnswer,
      invalidatesTags: ['Redemption', 'Ledger'],
    }),
    rewardsMyRedemptions: build.query<Redemption[], void>({
      query: () => '/redemptions/mine',
      transformResponse: (body: unknown) => list<Redemption>(body),
      providesTags: ['Redemption'],
    }),
    rewardsLedger: build.query<LedgerEntry[], string>({
      query: (email) => `/gems/${encodeURIComponent(email)}/ledger`,
      transformResponse: (body: unknown) => list<LedgerEntry>((body as { entries?: unknown })?.entries),
      providesTags: ['Ledger'],
    }),
    rewardsLessonNames: build.query<LessonName[], void>({
      query: () => '/lessons',
      transformResponse: (body: unknown) => list<LessonName>(body).map(({ _id, lessonHeading }) => ({ _id, lessonHeading })),
      providesTags: ['Lesson'],
    }),
    rewardsAvatars: build.query<Avatar[], void>({
      query: () => '/avaters',
      transformResponse: (body: unknown) => list<Avatar>(body),
      providesTags: ['Avatar'],
    }),
    // Families: the learner's parent (content). Read fresh on each page: a parent may agree meanwhile.
    rewardsMyParent: build.query<MyParent, void>({ query: () => '/family/parent' }),
    rewardsNameParent: build.mutation<MyParent, NameParent>({ query: (body) => ({ url: '/family/parent', method: 'PUT', body }) }),
    rewardsChangeAvatar: build.mutation<unknown, { email: string; img: string }>({
      query: ({ email, img }) => ({ url: `/avater/${encodeURIComponent(email)}`, method: 'PATCH', body: { img } }),
      // SPEC §4: the cached user data is refreshed, so the navbar avatar changes at once.
      invalidatesTags: ['User'],
    }),
  }));
}

export type RewardsApi = ReturnType<typeof injectRewardsApi>;

/** The rewards area: its endpoints and the hooks its features read them with (the root is createArea in spa.tsx). */
export const rewardsArea = defineArea('rewards', injectRewardsApi);
export const useRewardsApi = rewardsArea.useApi;
