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
