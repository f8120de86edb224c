import { createGatewayApi } from './gateway-api';
import { injectAreaEndpoints } from './area-endpoints';
import { fakeBaseQuery } from '../testing/fake-gateway';

const newApi = () => createGatewayApi(fakeBaseQuery(() => ({ status: 200, body: [] })));

describe('injectAreaEndpoints (endpoint names of several teams in one slice)', () => {
  it('when two areas define the same endpoint name, then the second one throws instead of being skipped', () => {
    const api = newApi();
    injectAreaEndpoints(api, 'learning', (build) => ({ getLessons: build.query<unknown, void>({ query: () => '/lessons' }) }));
    expect(() => injectAreaEndpoints(api, 'admin', (build) => ({ getLessons: build.query<unknown, void>({ query: () => '/lessons' }) }))).toThrow(
      'Endpoint "getLessons" of area "admin" is already defined by area "learning"',
    );
  });

  it('when an area reuses a platform endpoint name, then it throws', () => {
    expect(() => injectAreaEndpoints(newApi(), 'rewards', (build) => ({ getGems: build.query<unknown, string>({ query: () => '/x' }) }))).toThrow(/already defined by the platform/);
  });

  it('when the same area injects again (a remote mounted twice), then it is accepted and the hooks exist', () => {
    const api = newApi();
    const define = () => injectAreaEndpoints(api, 'rewards', (build) => ({ rewardsGifts: build.query<unknown, void>({ query: () => '/Gift.json' }) }));
    define();
    const injected = define();
    expect(typeof injected.useRewardsGiftsQuery).toBe('function');
  });
});
