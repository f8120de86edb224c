import { renderArea, type FakeHandler, type FakeRequest, type FakeReply } from '@kidslearn/kit/testing';
import { publicArea } from '../api/public-api';
import { PublicRoutes } from '../app/PublicRoutes';

export type GatewayCall = FakeRequest;
export type GatewayReply = FakeReply;
export type GatewayHandler = FakeHandler;

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

/** Renders mfe-public's routes on the kit's test platform (the same shapes the shell hands over). */
export function renderPublic(path: string, opts: { gateway?: GatewayHandler; session?: 'anonymous' | 'authenticated' | 'loading' } = {}) {
  const status = opts.session ?? 'anonymous';
  return renderArea(publicArea, PublicRoutes, { session: status === 'authenticated' ? 'learner' : status, gateway: opts.gateway, path, baseUrl: CONTENT_BASE });
}
