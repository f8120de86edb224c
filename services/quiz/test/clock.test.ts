import type { Request } from 'express';
import { readConfig } from '../src/config';
import { requestClock } from '../src/entry-points/http/clock';

const withHeader = (value?: string) => ({ get: (name: string) => (name.toLowerCase() === 'x-test-now' ? value : undefined) }) as unknown as Request;
const fixed = () => new Date('2026-03-02T10:00:00Z');

describe('the test clock (X-Test-Now)', () => {
  it('when the service does not allow it, then the header is ignored', () => {
    expect(requestClock(false, fixed)(withHeader('2030-01-01T00:00:00Z')).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });
  it('when allowed, then the header sets now; without it, the clock does', () => {
    const now = requestClock(true, fixed);
    expect(now(withHeader('2026-03-03T08:00:00Z')).toISOString()).toBe('2026-03-03T08:00:00.000Z');
    expect(now(withHeader(undefined)).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });
  it('when allowed and the header is not a date, then 400', () => {
    expect(() => requestClock(true, fixed)(withHeader('tomorrow'))).toThrow(expect.objectContaining({ status: 400 }));
  });
  it('when ALLOW_TEST_CLOCK is true with NODE_ENV=production, then the service refuses to start; it is false by default', () => {
    expect(() => readConfig({ ALLOW_TEST_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(/ALLOW_TEST_CLOCK/);
    expect(readConfig({ NODE_ENV: 'production' }).ALLOW_TEST_CLOCK).toBe(false);
    expect(readConfig({ ALLOW_TEST_CLOCK: 'true', NODE_ENV: 'test' }).ALLOW_TEST_CLOCK).toBe(true);
  });
});
