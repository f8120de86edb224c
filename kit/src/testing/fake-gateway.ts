import { refusesSession, type GatewayBaseQuery } from '../platform/base-query';

export interface FakeRequest {
  method: string;
  url: string;
  body?: unknown;
  /** Lower-cased header names. */
  headers: Record<string, string>;
}
export type FakeReply = { status: number; body?: unknown };
export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

function headersOf(raw: unknown): Record<string, string> {
  if (!raw) return {};
  const entries = raw instanceof Headers ? [...raw.entries()] : Object.entries(raw as Record<string, string>);
  return Object.fromEntries(entries.map(([name, value]) => [name.toLowerCase(), String(value)]));
}

/**
 * A base query over an in-memory handler, for unit tests only (no network). `refusals` collects the calls the
 * real base query would answer by signing the user out (SPEC §6; an endpoint's own answer codes excepted).
 */
export function fakeBaseQuery(handler: FakeHandler, calls: FakeRequest[] = [], refusals: FakeRequest[] = []): GatewayBaseQuery {
  return async (args, _api, extraOptions) => {
    const query = typeof args !== 'string' && args.params ? `?${new URLSearchParams(Object.entries(args.params).map(([name, value]) => [name, String(value)]))}` : '';
    const req: FakeRequest =
      typeof args === 'string' ? { url: args, method: 'GET', headers: {} } : { url: `${args.url}${query}`, method: args.method ?? 'GET', body: args.body, headers: headersOf(args.headers) };
    calls.push(req);
    const reply = await handler(req);
    if (reply.status < 400) return { data: reply.body };
    const error = { status: reply.status, data: reply.body };
    if (refusesSession(error, extraOptions)) refusals.push(req);
    return { error };
  };
}
