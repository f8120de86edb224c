import { cacheSeconds, defineArea, injectAreaEndpoints, type GatewayApi } from '@kidslearn/kit/platform';

export interface Review {
  _id?: string;
  name?: string;
  email?: string;
  title?: string;
  message: string;
}

export interface NewReview {
  name: string;
  email: string;
  title: string;
  message: string;
}

export interface Lesson {
  _id: string;
  lessonHeading: string;
  parts?: { name: string; link: string }[];
}

/** mfe-public's endpoints, injected into the shell's one gateway API slice. */
export function injectPublicApi(api: GatewayApi) {
  return injectAreaEndpoints(api, 'public', (build) => ({
      getReviews: build.query<Review[], void>({
        query: () => '/review',
        // SPEC §7: a non-array answer is treated as empty.
        transformResponse: (body: unknown) => (Array.isArray(body) ? (body as Review[]) : []),
        keepUnusedDataFor: cacheSeconds.reviews,
        providesTags: ['Review'],
      }),
      addReview: build.mutation<unknown, NewReview>({
        query: (body) => ({ url: '/review', method: 'POST', body }),
        invalidatesTags: ['Review'],
      }),
      getLessons: build.query<Lesson[], void>({
        query: () => '/lessons',
        transformResponse: (body: unknown) => (Array.isArray(body) ? (body as Lesson[]) : []),
        providesTags: ['Lesson'],
      }),
      register: build.mutation<unknown, FormData>({
        query: (body) => ({ url: '/registrations', method: 'POST', body }),
      }),
  }));
}

export type PublicApi = ReturnType<typeof injectPublicApi>;

/** The public area: its endpoints and the hook its features read them with (the root is createArea in spa.tsx). */
export const publicArea = defineArea('public', injectPublicApi);

/** The area's endpoints, the platform and the base URL of this remote's own content files. */
export function usePublic() {
  const { api, platform, baseUrl } = publicArea.useArea();
  return { api, platform, contentBase: baseUrl };
}
