import amqp from 'amqplib';
import Redis from 'ioredis';
import { MongoClient } from 'mongodb';
import nodemailer from 'nodemailer';
import { backendToken, decodeJwt, KEYCLOAK, MAILDEV, passwordGrant, REALM_URL, uniqueEmail, waitForMail } from './support';

describe('local infrastructure (real servers)', () => {
  it('when a MongoDB client pings FerretDB and writes a document, then it answers and reads it back', async () => {
    const client = new MongoClient(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/kidslearn-test', { serverSelectionTimeoutMS: 5000 });
    try {
      await client.connect();
      expect((await client.db('admin').command({ ping: 1 })).ok).toBe(1);
      const collection = client.db(`kidslearn-test-${Date.now()}`).collection<{ _id: string; n: number }>('probe');
      await collection.insertOne({ _id: 'a', n: 1 });
      await collection.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
      expect(await collection.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 2 });
      await collection.db.dropDatabase();
    } finally {
      await client.close();
    }
  });

  it('when a client sends PING to Redis, then it answers PONG', async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    try {
      expect(await redis.ping()).toBe('PONG');
    } finally {
      redis.disconnect();
    }
  });

  it('when a client connects to RabbitMQ and publishes to a queue, then the message comes back', async () => {
    const connection = await amqp.connect(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
    try {
      const channel = await connection.createChannel();
      const { queue } = await channel.assertQueue('', { exclusive: true });
      channel.sendToQueue(queue, Buffer.from('hello'));
      const message = await new Promise<amqp.ConsumeMessage>((resolve) => {
        void channel.consume(queue, (m) => m && resolve(m), { noAck: true });
      });
      expect(message.content.toString()).toBe('hello');
    } finally {
      await connection.close();
    }
  });

  it('when the realm discovery document is asked for, then Keycloak answers with the kidslearn issuer', async () => {
    const response = await fetch(`${REALM_URL}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { issuer: string }).issuer).toBe(`${KEYCLOAK}/realms/kidslearn`);
  });

  it('when the demo learner logs in with the password grant, then the token carries email, name and role user only', async () => {
    const { status, body } = await passwordGrant('learner@kidslearn.test', 'Learner123');
    expect(status).toBe(200);
    const claims = decodeJwt(body.access_token ?? '');
    expect(claims).toMatchObject({ email: 'learner@kidslearn.test', name: 'Lina Learner', preferred_username: 'learner@kidslearn.test' });
    expect(claims.realm_access?.roles).toContain('user');
    expect(claims.realm_access?.roles).not.toContain('admin');
  });

  it('when the demo admin logs in, then the token carries roles user and admin', async () => {
    const { status, body } = await passwordGrant('admin@kidslearn.test', 'Admin1234');
    expect(status).toBe(200);
    const claims = decodeJwt(body.access_token ?? '');
    expect(claims).toMatchObject({ email: 'admin@kidslearn.test', name: 'Adam Admin' });
    expect(claims.realm_access?.roles).toEqual(expect.arrayContaining(['user', 'admin']));
  });

  // An unknown account, so brute-force detection never locks a demo account other tests use.
  it('when the credentials are wrong, then no token is given', async () => {
    const { status, body } = await passwordGrant('nobody@kidslearn.test', 'Wrong-Password1');
    expect([400, 401]).toContain(status);
    expect(body.access_token).toBeUndefined();
    expect(body.error).toBe('invalid_grant');
  });

  it('when a mail is sent to maildev over SMTP, then its API lists it', async () => {
    const to = uniqueEmail('smtp-probe');
    const transport = nodemailer.createTransport({ host: process.env.SMTP_HOST ?? 'localhost', port: Number(process.env.SMTP_PORT ?? 1025), secure: false, ignoreTLS: true });
    await transport.sendMail({ from: 'no-reply@kidslearn.test', to, subject: 'Probe', text: 'hello from the infra test' });
    const mail = await waitForMail(to);
    expect(mail.subject).toBe('Probe');
    expect(mail.text).toContain('hello from the infra test');
    expect(MAILDEV).toMatch(/:1080$/);
  });

  it('when the backend creates a user and asks for the verify mail, then Keycloak sends it through maildev', async () => {
    const token = await backendToken();
    const email = uniqueEmail('verify-probe');
    const admin = `${KEYCLOAK}/admin/realms/kidslearn`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${admin}/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: email, email, firstName: 'Vera', lastName: 'Verify', enabled: true, emailVerified: false }),
    });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')?.split('/').pop() ?? '';
    try {
      const sent = await fetch(`${admin}/users/${id}/send-verify-email`, { method: 'PUT', headers });
      expect(sent.status).toBe(204);
      const mail = await waitForMail(email);
      expect(mail.html ?? mail.text ?? '').toContain('http://localhost:8080/realms/kidslearn/login-actions/action-token');
    } finally {
      await fetch(`${admin}/users/${id}`, { method: 'DELETE', headers });
    }
  });

  it('when the portal login page opens, then it uses the kidslearn theme and offers the google broker', async () => {
    const params = new URLSearchParams({
      client_id: 'kidslearn-portal',
      redirect_uri: 'http://localhost:3000/',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const response = await fetch(`${REALM_URL}/protocol/openid-connect/auth?${params}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/\/login\/kidslearn\//);
    expect(html).toContain('/realms/kidslearn/broker/google/login');
  });

  it('when the upstream realm playing Google is asked for discovery, then it answers', async () => {
    const response = await fetch(`${KEYCLOAK}/realms/google-upstream/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
  });
});
