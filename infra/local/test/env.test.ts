import { infraEnv } from '../src/env';

describe('infraEnv', () => {
  it('when nothing is set, then the URLs of docs/CONTRACTS.md are given', () => {
    const env = infraEnv({});
    expect(env).toMatchObject({
      KEYCLOAK_URL: 'http://localhost:8080',
      KEYCLOAK_REALM: 'kidslearn',
      AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_HOST: 'localhost',
      SMTP_PORT: '1025',
      MAILDEV_URL: 'http://localhost:1080',
      GATEWAY_URL: 'http://localhost:4000',
    });
    expect(env.MONGO_URL).toMatch(/^mongodb:\/\/127\.0\.0\.1:27017\//);
  });

  it('when a variable is already set, then it wins', () => {
    expect(infraEnv({ REDIS_URL: 'redis://elsewhere:6380' }).REDIS_URL).toBe('redis://elsewhere:6380');
  });
});

describe("the portal's services", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('when the starting process points at a test virtual host (the Jest integration setup), then the services still get the portal broker, Redis and their own database', async () => {
    const { components } = await import('../src/registry');
    Object.assign(process.env, { AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672/kidslearn-test-123', REDIS_URL: 'redis://127.0.0.1:6379/5', MONGO_URL: 'mongodb://127.0.0.1:27017/kidslearn-test' });
    for (const name of ['content', 'quiz', 'gems', 'gifts']) {
      const spec = await components.find((c) => c.name === name)!.launch!({ marker: 'test' });
      expect({ name, AMQP_URL: spec.env?.AMQP_URL, REDIS_URL: spec.env?.REDIS_URL, MONGO_URL: spec.env?.MONGO_URL }).toEqual({
        name,
        AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
        REDIS_URL: 'redis://127.0.0.1:6379',
        MONGO_URL: `mongodb://127.0.0.1:27017/kidslearn-${name}`,
      });
    }
  });

  it('when the portal runs locally (npm start, the browser journeys), then quiz honours the test clock and no other service is told to', async () => {
    const { components } = await import('../src/registry');
    const clocks = await Promise.all(['content', 'quiz', 'gems', 'gifts'].map(async (name) => [name, (await components.find((c) => c.name === name)!.launch!({ marker: 'test' })).env?.ALLOW_TEST_CLOCK]));
    expect(Object.fromEntries(clocks)).toEqual({ content: undefined, quiz: 'true', gems: undefined, gifts: undefined });
  });
});
