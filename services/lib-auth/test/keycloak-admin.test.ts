import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toHttpError } from '@kidslearn/lib-http';
import { createKeycloakAdmin, KeycloakAdminError } from '../src';

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
    // The same call with a long deadline, sent at the same time: still waiting when the short one gave up. An order,
    // not a duration, so a busy machine cannot fail it.
    const patient = createKeycloakAdmin({ keycloakUrl: url, realm: 'kidslearn', clientId: 'c', clientSecret: 's', timeoutMs: 60_000 });
    let patientSettled = false;
    const patientCall = patient.findUserByEmail('a@b.c').then(
      () => (patientSettled = true),
      () => (patientSettled = true),
    );
    const error = await admin.findUserByEmail('a@b.c').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(patientSettled).toBe(false);
    expect(error).toBeInstanceOf(KeycloakAdminError);
    expect(toHttpError(error).status).toBe(503);
    expect((error as KeycloakAdminError).detail).toMatch(/timeout/i);
    server.closeAllConnections(); // the patient call ends too (no answer: 503)
    await patientCall;
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
