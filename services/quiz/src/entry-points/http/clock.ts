import type { Request } from 'express';
import { AppError } from '@kidslearn/lib-core';
import { messages } from '../../messages';

/** The request header a test (the local portal's browser journeys, the integration tests) sets "now" with. */
export const TEST_NOW_HEADER = 'X-Test-Now';
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * "Now" of a request: the clock's, or — only when the service runs with ALLOW_TEST_CLOCK (never in production:
 * config.ts refuses it) — the request's X-Test-Now, so a test can move to the next day. A header the service may
 * not honour is ignored; one it may honour but cannot read is a 400.
 */
export function requestClock(allowTestClock: boolean, clock: () => Date = () => new Date()): (req: Request) => Date {
  return (req) => {
    const header = allowTestClock ? req.get(TEST_NOW_HEADER) : undefined;
    if (header === undefined) return clock();
    const at = new Date(header);
    if (!ISO_DATE_TIME.test(header) || Number.isNaN(at.getTime())) throw AppError.badRequest(messages.testNowInvalid);
    return at;
  };
}
