import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { GatewayApi, Platform } from '@kidslearn/shell';
import { injectPublicApi } from '../api/public-api';
import { PublicContext } from '../app/context';
import { PublicRoutes } from '../app/PublicRoutes';

export interface GatewayCall {
  method: string;
  url: string;
  body?: unknown;
}
export type GatewayReply = { status: number; body?: unknown };
export type GatewayHandler = (call: GatewayCall) => GatewayReply | Promise<GatewayReply>;

export const CONTENT_BASE = 'http://remote.test/';

/** Static content files this remote serves, answered by a fake fetch (unit tests only). */
export function serveContent(files: Record<string, unknown>, failing: string[] = []) {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = String(input).replace(CONTENT_BASE, '');
    // Files a test does not mention answer an empty list, so unrelated sections stay quiet.
    const ok = !failing.includes(path);
    return { ok, status: ok ? 200 : 404, json: async () => files[path] ?? [] } as Response;
  }) as typeof fetch;
}

/** Renders mfe-public's routes against a fake platform: the same shapes the shell hands over. */
export function renderPublic(path: string, opts: { gateway?: GatewayHandler; session?: 'anonymous' | 'authenticated' | 'loading' } = {}) {
  const calls: GatewayCall[] = [];
  const handler: GatewayHandler = opts.gateway ?? (() => ({ status: 404 }));
  const baseQuery: BaseQueryFn<string | { url: string; method?: string; body?: unknown }, unknown, { status: number; data?: unknown }> = async (args) => {
    const call = typeof args === 'string' ? { method: 'GET', url: args } : { method: args.method ?? 'GET', url: args.url, body: args.body };
    calls.push(call);
    const reply = await handler(call);
    return reply.status < 400 ? { data: reply.body } : { error: { status: reply.status, data: reply.body } };
  };
  const api = createApi({
    reducerPath: 'gateway',
    baseQuery,
    tagTypes: ['User', 'Review', 'Lesson', 'Gift', 'Redemption', 'Standing', 'Avatar', 'Overview'],
    endpoints: () => ({}),
  }) as unknown as GatewayApi;
  const status = opts.session ?? 'anonymous';
  const session = status === 'authenticated' ? { status, user: { sub: 's', email: 'l@kidslearn.test', name: 'L', roles: ['user'] } } : { status, user: null };
  const store = configureStore({
    reducer: { session: () => session, gateway: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const platform = {
    store,
    api,
    auth: { login: jest.fn(async () => undefined), logout: jest.fn(async () => undefined), getToken: async () => undefined },
    navigate: jest.fn(),
    injectSlice: jest.fn(),
    config: { gatewayUrl: 'http://gateway.test' },
  } as unknown as Platform;
  const view = render(
    <Provider store={store}>
      <PublicContext.Provider value={{ platform, api: injectPublicApi(api), contentBase: CONTENT_BASE }}>
        <MemoryRouter initialEntries={[path]}>
          <PublicRoutes />
        </MemoryRouter>
      </PublicContext.Provider>
    </Provider>,
  );
  return { ...view, calls, platform };
}
