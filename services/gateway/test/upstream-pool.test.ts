import { createUpstreamPool } from '../src/upstream-pool';

describe("the gateway's instances of a service", () => {
  it('when there are several instances, then requests go to each in turn', () => {
    const pool = createUpstreamPool(['http://a', 'http://b', 'http://c']);
    expect(Array.from({ length: 6 }, () => pool.pick())).toEqual(['http://a', 'http://b', 'http://c', 'http://a', 'http://b', 'http://c']);
  });

  it('when an instance failed to connect, then the others take its turns for a moment, and then it is tried again', () => {
    let now = 0;
    const pool = createUpstreamPool(['http://a', 'http://b'], { downForMs: 1000, now: () => now });
    pool.failed('http://a');
    expect(Array.from({ length: 4 }, () => pool.pick())).toEqual(['http://b', 'http://b', 'http://b', 'http://b']);
    now = 1001;
    expect(new Set(Array.from({ length: 4 }, () => pool.pick()))).toEqual(new Set(['http://a', 'http://b']));
  });

  it('when a request is sent again, then it avoids the instance that failed it; with every instance down one is still tried', () => {
    const pool = createUpstreamPool(['http://a', 'http://b']);
    expect(pool.pick('http://a')).toBe('http://b');
    pool.failed('http://a');
    pool.failed('http://b');
    expect(pool.pick('http://a')).toBe('http://b');
    expect(createUpstreamPool(['http://only']).pick('http://only')).toBe('http://only');
  });
});
