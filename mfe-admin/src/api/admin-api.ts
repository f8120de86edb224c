import { cacheSeconds, injectAreaEndpoints, type GatewayApi, type PortalUser } from '@kidslearn/kit/platform';
import type { Address, NewLesson } from '@kidslearn/contracts';

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

export interface PendingParcel {
  _id: string;
  email: string;
  giftName: string;
  giftImg: string;
  cost: number;
  address: Address;
  createdAt: string;
}

const list = <T>(body: unknown): T[] => (Array.isArray(body) ? (body as T[]) : []);

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
    adminCreateLesson: build.mutation<unknown, NewLesson>({
      query: (body) => ({ url: '/lessons', method: 'POST', body }),
      invalidatesTags: ['Lesson', 'Overview'],
    }),
    adminPendingParcels: build.query<PendingParcel[], void>({
      query: () => '/redemptions',
      transformResponse: (body: unknown) => list<PendingParcel>(body),
      keepUnusedDataFor: cacheSeconds.redemptions,
      providesTags: ['Redemption'],
    }),
    adminMarkDelivered: build.mutation<unknown, string>({
      query: (id) => ({ url: `/redemptions/${encodeURIComponent(id)}/delivery`, method: 'PATCH', body: { deliveryStatus: true } }),
    }),
  }));
  return admin;
}

export type AdminApi = ReturnType<typeof injectAdminApi>;
