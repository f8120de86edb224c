import type { GatewayBaseQuery } from '../api/base-query';

export interface FakeRequest {
  method: string;
  url: string;
  body?: unknown;
}
export type FakeReply = { status: number; body?: unknown };
export type FakeHandler = (req: FakeRequest) => FakeReply | Promise<FakeReply>;

/** A base query over an in-memory handler, for unit tests only (no network). */
export function fakeBaseQuery(handler: FakeHandler): GatewayBaseQuery {
  return async (args) => {
    const req = typeof args === 'string' ? { url: args, method: 'GET' } : { url: args.url, method: args.method ?? 'GET', body: args.body };
    const reply = await handler(req);
    return reply.status < 400 ? { data: reply.body } : { error: { status: reply.status, data: reply.body } };
  };
}
