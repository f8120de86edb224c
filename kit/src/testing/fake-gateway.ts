import type { GatewayBaseQuery } from '../platform/base-query';

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

/** A base query over an in-memory handler, for unit tests only (no network). */
export function fakeBaseQuery(handler: FakeHandler, calls: FakeRequest[] = []): GatewayBaseQuery {
  return async (args) => {
    const query = typeof args !== 'string' && args.params ? `?${new URLSearchParams(Object.entries(args.params).map(([name, value]) => [name, String(value)]))}` : '';
    const req: FakeRequest =
      typeof args === 'string' ? { url: args, method: 'GET', headers: {} } : { url: `${args.url}${query}`, method: args.method ?? 'GET', body: args.body, headers: headersOf(args.headers) };
    calls.push(req);
    const reply = await handler(req);
    return reply.status < 400 ? { data: reply.body } : { error: { status: reply.status, data: reply.body } };
  };
}
