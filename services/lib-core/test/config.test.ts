import { z } from 'zod';
import { ConfigError, commonConfig, loadConfig } from '../src';

describe('loadConfig', () => {
  it('when variables are unset, then the documented defaults apply and types are coerced', () => {
    const config = loadConfig({ ...commonConfig, PORT: commonConfig.PORT }, { PORT: '4001' });
    expect(config.PORT).toBe(4001);
    expect(config.AMQP_URL).toBe('amqp://guest:guest@127.0.0.1:5672');
    expect(config.KEYCLOAK_REALM).toBe('kidslearn');
  });

  it('when several variables are bad, then one error names every one of them', () => {
    const schema = z.object({ ...commonConfig, SECRET: z.string().min(8) });
    const attempt = () => loadConfig(schema, { PORT: 'abc', MONGO_URL: 'http://nope', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as ConfigError).message;
      expect(message).toMatch(/^Invalid configuration:/);
      for (const name of ['PORT', 'MONGO_URL', 'LOG_LEVEL', 'SECRET']) expect(message).toContain(`${name}:`);
      expect(message).toContain('SECRET: ');
      expect((err as ConfigError).problems).toHaveLength(4);
    }
  });

  it('when a variable is an empty string, then it counts as unset', () => {
    expect(loadConfig(commonConfig, { REDIS_URL: '' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
  });

  it('when given a z.object, then the result type is inferred from it', () => {
    const config = loadConfig(z.object({ FLAG: z.enum(['on', 'off']).default('off') }), {});
    const flag: 'on' | 'off' = config.FLAG;
    expect(flag).toBe('off');
  });
});
