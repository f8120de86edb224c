import { defaultConfig, parseConfig } from './runtime-config';

describe('runtime config', () => {
  it('when config.json moves a remote and the gateway, then the new locations are used', () => {
    const config = parseConfig({ gatewayUrl: 'https://api.example/', remotes: { mfe_admin: 'https://cdn.example/admin/remoteEntry.js' } });
    expect(config.gatewayUrl).toBe('https://api.example');
    expect(config.remotes.mfe_admin).toBe('https://cdn.example/admin/remoteEntry.js');
    expect(config.remotes.mfe_public).toBe(defaultConfig.remotes.mfe_public);
  });

  it('when config.json is not an object, then the defaults apply', () => {
    expect(parseConfig('nonsense')).toEqual(defaultConfig);
  });
});
