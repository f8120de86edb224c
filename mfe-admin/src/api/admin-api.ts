import { defineArea, cacheSeconds, injectAreaEndpoints, type GatewayApi, type PortalUser } from '@kidslearn/kit/platform';
import type { Address, NewLesson, PendingRedemptionsPage } from '@kidslearn/contracts';

export type { Address };

export interface Overview {
  totalLesson: number;
  totalAdmin: number;
  totalUsers: number;
}

export interface UsersPage {
  items: PortalUser[];
  total: number;
  page: number;
  limit: number;
}

/** Parcels per request of the pending list. */
export const PARCELS_PER_PAGE = 100;

/** One page of GET /redemptions (contracts): `total` pending in all, `matches` those the search finds. */
export type PendingParcelPage = Omit<PendingRedemptionsPage, 'items'> & { items: PendingParcel[] };

export interface PendingParcel {
  _id: string;
  email: string;
  giftName: string;
  giftImg: string;
  cost: number;
  address: Address;
  createdAt: string;
}

/** Why the blocklist held a review back (content's review-screening.ts). */
export type HoldReason = 'email' | 'link' | 'phone' | 'contact' | 'language';

/** A review as admins see it (never the reviewer's email). */
export interface AdminReview {
  _id: string;
  name: string;
  title: string;
  message: string;
  createdAt: string;
  hidden: boolean;
  flagged: boolean;
  flagReason?: HoldReason;
}

export interface AdminReviewsPage {
  items: AdminReview[];
  total: number;
  page: number;
  limit: number;
}

/** mfe-admin's endpoints in the shell's one gateway API slice (every route is admin-only on the server). */
export function injectAdminApi(api: GatewayApi) {
  const admin = injectAreaEndpoints(api, 'admin', (build) => ({
    adminOverview: build.query<Overview, void>({ query: () => '/admin/overview', providesTags: ['Overview'] }),
    adminUsers: build.query<UsersPage, { page: number; limit: number; q: string }>({
      query: ({ page, limit, q }) => ({ url: '/users', params: { page, limit, ...(q ? { q } : {}) } }),
      providesTags: ['User'],
    }),
    adminFindUser: build.query<PortalUser | undefined, string>({
      query: (email) => `/users/search?email=${encodeURIComponent(email)}`,
      // SPEC §7: "a user or a list".
      transformResponse: (body: unknown) => (Array.isArray(body) ? (body[0] as PortalUser | undefined) : (body as PortalUser | undefined)),
      keepUnusedDataFor: cacheSeconds.userData,
    }),
    adminSetRole: build.mutation<PortalUser, { userId: string; action: 'make-admin' | 'remove-admin' }>({
      query: ({ userId, action }) => ({ url: `/users/${encodeURIComponent(userId)}/${action}`, method: 'PUT' }),
      invalidatesTags: ['Overview', 'User'],
    }),
    // Beyond SPEC: a learner's data, erased or downloaded (features/users/UserDataActions.tsx). The export is a
    // mutation so the child's data is fetched only when asked and never kept in the cache.
    adminEraseUser: build.mutation<{ message: string }, string>({
      query: (userId) => ({ url: `/users/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: ['Overview', 'User'],
    }),
    adminExportUser: build.mutation<unknown, string>({
      query: (userId) => ({ url: `/users/${encodeURIComponent(userId)}/export` }),
    }),
    adminCreateLesson: build.mutation<unknown, NewLesson>({
      query: (body) => ({ url: '/lessons', method: 'POST', body }),
      invalidatesTags: ['Lesson', 'Overview'],
    }),
    // Oldest first, a page at a time (the gifts service's cursor): the parcels waiting longest come first
    // and none is cut off however many wait. The argument is the search (blank: every parcel), done by the
    // server over all of them; its cursor continues the same search.
    adminPendingParcels: build.infiniteQuery<PendingParcelPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg: q, pageParam }) => ({ url: '/redemptions', params: { limit: PARCELS_PER_PAGE, ...(pageParam ? { cursor: pageParam } : {}), ...(q ? { q } : {}) } }),
      keepUnusedDataFor: cacheSeconds.redemptions,
      providesTags: ['Redemption'],
    }),
    // Beyond SPEC: review moderation. 'Review' also refreshes the landing page's list in this SPA.
    adminReviews: build.query<AdminReviewsPage, { page: number; limit: number }>({
      query: ({ page, limit }) => ({ url: '/admin/reviews', params: { page, limit } }),
      providesTags: ['Review'],
    }),
    adminSetReviewHidden: build.mutation<AdminReview, { id: string; hidden: boolean }>({
      query: ({ id, hidden }) => ({ url: `/admin/reviews/${encodeURIComponent(id)}`, method: 'PATCH', body: { hidden } }),
      invalidatesTags: ['Review'],
    }),
    adminMarkDelivered: build.mutation<unknown, string>({
      query: (id) => ({ url: `/redemptions/${encodeURIComponent(id)}/delivery`, method: 'PATCH', body: { deliveryStatus: true } }),
    }),
  }));
  return admin;
}

export type AdminApi = ReturnType<typeof injectAdminApi>;

/** The admin area: its endpoints and the hooks its features read them with (the root is createArea in spa.tsx). */
export const adminArea = defineArea('admin', injectAdminApi);
export const useAdminApi = adminArea.useApi;
