import { messages } from '../src/messages';
import { createScratchRealm, type RealmUser, type ScratchRealm } from './support/scratch-realm';
import { bearer, startContent, type TestService } from './support/service';

interface Member extends RealmUser {
  token: string;
  recordId: string;
}

// "The last admin" needs a realm whose admins this test controls (support/scratch-realm.ts); two service
// instances share one database, as instances do in production, and take the requests side by side.
describe('the last admin is never removed (integration: real Keycloak and database)', () => {
  let realm: ScratchRealm;
  let one: TestService;
  let two: TestService;
  let ada: Member;
  let bob: Member;
  let kid: Member;

  beforeAll(async () => {
    realm = await createScratchRealm();
    const settings = { KEYCLOAK_REALM: realm.realm, KEYCLOAK_BACKEND_SECRET: realm.backendSecret, SEED_DEMO_DATA: 'false' };
    one = await startContent(settings);
    two = await startContent({ ...settings, MONGO_URL: one.config.MONGO_URL });
    const member = async (admin: boolean): Promise<Member> => {
      const user = await realm.createUser({ admin });
      const token = await realm.tokenFor(user);
      const record = await one.http().post('/users').set(bearer(token)).send({ name: user.email }).expect(201);
      return { ...user, token, recordId: record.body._id };
    };
    [ada, bob, kid] = await Promise.all([member(true), member(true), member(false)]);
  });
  afterAll(async () => {
    await two?.stop();
    await one?.stop();
    await realm?.remove();
  });

  const roleInRecord = async (who: Member, reader: Member) => (await one.http().get('/users/email').query({ email: who.email }).set(bearer(reader.token)).expect(200)).body.role as string;
  const removeAdmin = (svc: TestService, caller: Member, target: Member) => svc.http().put(`/users/${target.recordId}/remove-admin`).set(bearer(caller.token));

  let winner: Member;
  let loser: Member;

  it('when the only two admins demote each other at the same moment (on two instances), then one gets 200, the other 409 with the message, and one admin is left in Keycloak and in the records', async () => {
    expect(await roleInRecord(ada, ada)).toBe('admin');
    expect(await roleInRecord(bob, ada)).toBe('admin');

    const [adaDemotesBob, bobDemotesAda] = await Promise.all([removeAdmin(one, ada, bob), removeAdmin(two, bob, ada)]);

    expect([adaDemotesBob.status, bobDemotesAda.status].sort()).toEqual([200, 409]);
    [winner, loser] = adaDemotesBob.status === 200 ? [ada, bob] : [bob, ada];
    const refused = adaDemotesBob.status === 409 ? adaDemotesBob : bobDemotesAda;
    expect(refused.body.error).toBe(messages.user.lastAdmin);
    expect(await realm.realmRolesOf(winner)).toContain('admin');
    expect(await realm.realmRolesOf(loser)).not.toContain('admin');
    expect(await roleInRecord(winner, winner)).toBe('admin');
    expect(await roleInRecord(loser, winner)).toBe('user');
  });

  it('when the demoted admin, whose token still says admin, demotes the last enabled admin (a disabled one does not count), then 409 and nothing changes', async () => {
    await realm.createUser({ admin: true, enabled: false });
    const before = (await one.http().get('/users/email').query({ email: winner.email }).set(bearer(winner.token)).expect(200)).body;

    const res = await removeAdmin(two, loser, winner).expect(409);

    expect(res.body.error).toBe(messages.user.lastAdmin);
    expect(await realm.realmRolesOf(winner)).toContain('admin');
    expect((await one.http().get('/users/email').query({ email: winner.email }).set(bearer(winner.token)).expect(200)).body).toEqual(before);
  });

  it('when remove-admin names a user who is not an admin, then it answers 200 with the user as they are and changes nothing in Keycloak or the record', async () => {
    const rolesBefore = await realm.realmRolesOf(kid);
    const recordBefore = (await one.http().get('/users/email').query({ email: kid.email }).set(bearer(kid.token)).expect(200)).body;

    const res = await removeAdmin(one, winner, kid).expect(200);

    expect(res.body).toEqual(recordBefore);
    expect(res.body.role).toBe('user');
    expect(await realm.realmRolesOf(kid)).toEqual(rolesBefore);
    expect((await one.http().get('/users/email').query({ email: kid.email }).set(bearer(kid.token)).expect(200)).body).toEqual(recordBefore);
  });

  it('when a learner is made admin and removed again while an admin is left, then both succeed (the lock was freed after each refusal)', async () => {
    await one.http().put(`/users/${kid.recordId}/make-admin`).set(bearer(winner.token)).expect(200);
    await removeAdmin(two, winner, kid).expect(200);
    expect(await realm.realmRolesOf(kid)).not.toContain('admin');
    expect(await realm.realmRolesOf(winner)).toContain('admin');
  });
});
