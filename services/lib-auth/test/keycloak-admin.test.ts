import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toHttpError } from '@kidslearn/lib-http';
import { createKeycloakAdmin } from '../src';

describe('Keycloak admin calls', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    // A Keycloak that accepts the connection and never answers.
    server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('when Keycloak does not answer, then the call gives up after its timeout and maps to 503', async () => {
    const admin = createKeycloakAdmin({ keycloakUrl: url, realm: 'kidslearn', clientId: 'c', clientSecret: 's', timeoutMs: 200 });
    const started = Date.now();
    const error = await admin.findUserByEmail('a@b.c').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(toHttpError(error).status).toBe(503);
  });

  it('when Keycloak cannot be reached, then 503', async () => {
    const admin = createKeycloakAdmin({ keycloakUrl: 'http://127.0.0.1:1', realm: 'kidslearn', clientId: 'c', clientSecret: 's' });
    const error = await admin.findUserByEmail('a@b.c').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(toHttpError(error).status).toBe(503);
  });
});
