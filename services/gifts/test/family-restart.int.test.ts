// Families (issue 24): a request whose gems are held while it waits for the parent survives gifts and gems being
// killed in between (same databases and queues after the restart): nothing lost, nothing spent twice, the declined
// gems back once.
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { createLearner, signIn, type TestUser } from '@kidslearn/lib-testkit';
import { createParent, linkFamily, type Parent } from './family';
import { address, call, creditGems, deleteQueues, eventually, isolateBroker, releaseBroker, startGems, startGifts, tapEvents, uniqueDbUrl, type RunningGifts } from './harness';

let gifts: RunningGifts | undefined;
let gems: Awaited<ReturnType<typeof startGems>> | undefined;
const queues = new Set<string>();
const giftsDbs: string[] = [];

beforeAll(async () => {
  await isolateBroker();
}, 60_000);

afterEach(async () => {
  await gifts?.stop();
  await gems?.stop();
  gifts = gems = undefined;
});

afterAll(async () => {
  for (const url of giftsDbs) {
    const conn = await mongoose.createConnection(url).asPromise();
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
  }
  await Promise.all([...queues].map((name) => deleteQueues(name)));
  await releaseBroker();
});

/** One deployment of both services: the same databases and queue names on every (re)start. */
function deployment() {
  const names = { gifts: `gifts-test-${randomUUID().slice(0, 8)}`, gems: `gems-test-${randomUUID().slice(0, 8)}` };
  const dbs = { gifts: uniqueDbUrl('gifts-family-restart'), gems: uniqueDbUrl('gems-family-restart') };
  giftsDbs.push(dbs.gifts);
  queues.add(names.gifts).add(names.gems);
  return {
    startGems: (last = false) => startGems({ mongoUrl: dbs.gems, serviceName: names.gems, keepDatabase: !last }).then((g) => (gems = g)),
    startGifts: (waitMs?: number) => startGifts({ mongoUrl: dbs.gifts, serviceName: names.gifts, waitMs }).then((g) => (gifts = g)),
  };
}

async function family(amount: number): Promise<{ child: TestUser; parent: Parent; balance: () => Promise<number> }> {
  const [child, parent] = await Promise.all([createLearner(), createParent()]);
  const balance = () => call(gems!.url, 'GET', `/gems/${encodeURIComponent(child.email)}`, child.token).then((r) => r.body.gems as number);
  await creditGems(child.email, amount);
  expect(await eventually(balance, (b) => b === amount)).toBe(amount);
  await linkFamily(gifts!, child.email, parent.email, { approveGifts: true });
  return { child, parent, balance };
}

/** After the restart: the parent approves one and declines the other; each settles once. */
async function decideBoth(parent: Parent, toApprove: string, toDecline: string, balance: () => Promise<number>, { held, refunded }: { held: number; refunded: number }) {
  const declined = await tapEvents('redemption.declined');
  try {
    expect(await balance()).toBe(held);
    expect(await call(gifts!.url, 'POST', `/family/redemptions/${toApprove}/approval`, parent.token, address)).toMatchObject({ status: 200, body: { status: 'pending-delivery' } });
    expect(await call(gifts!.url, 'POST', `/family/redemptions/${toDecline}/decline`, parent.token)).toMatchObject({ status: 200, body: { status: 'declined' } });

    const admin = await signIn('admin@kidslearn.test', 'Admin1234');
    const pending = ((await call(gifts!.url, 'GET', '/redemptions', admin.token)).body as { _id: string }[]).map((r) => r._id);
    expect(pending).toContain(toApprove);
    expect(pending).not.toContain(toDecline);

    expect(await eventually(balance, (b) => b === refunded)).toBe(refunded);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(declined.events.filter((event) => (event.data as { redemptionId: string }).redemptionId === toDecline)).toHaveLength(1);
    expect(await balance()).toBe(refunded);
  } finally {
    await declined.close();
  }
}

it('when gifts and gems are killed while requests await the parent, then after the restart the approval and the decline each settle once', async () => {
  const run = deployment();
  await run.startGems();
  await run.startGifts();
  const { child, parent, balance } = await family(20);

  const ids: string[] = [];
  for (const giftId of ['stickers', 'crayons']) {
    const res = await call(gifts!.url, 'POST', '/redemptions', child.token, { giftId, address });
    expect(res).toMatchObject({ status: 201, body: { redemption: { status: 'awaiting-parent' } } });
    ids.push(res.body.redemption._id as string);
  }
  expect(await balance()).toBe(7); // 20 - 5 - 8, held

  await gifts!.stop();
  await gems!.stop();
  await run.startGems(true);
  await run.startGifts();
  const mine = await call(gifts!.url, 'GET', '/redemptions/mine', child.token);
  expect(mine.body.map((r: { status: string }) => r.status)).toEqual(['awaiting-parent', 'awaiting-parent']);
  await decideBoth(parent, ids[0]!, ids[1]!, balance, { held: 7, refunded: 15 });
}, 120_000);

it('when both are down while the debit is decided, then the queued events settle the requests as awaiting the parent after the restart', async () => {
  const run = deployment();
  await run.startGems();
  await run.startGifts(500);
  const { child, parent, balance } = await family(20);

  // gems is down: the requests wait in its queue, gifts answers 202 and then dies too.
  await gems!.stop();
  const ids: string[] = [];
  for (const giftId of ['stickers', 'crayons']) {
    const res = await call(gifts!.url, 'POST', '/redemptions', child.token, { giftId, address });
    expect(res).toMatchObject({ status: 202, body: { redemption: { status: 'requested' } } });
    ids.push(res.body.redemption._id as string);
  }
  await gifts!.stop();
  // gems comes back alone and debits: its gems.debited wait in gifts' queue until gifts is back.
  await run.startGems(true);
  expect(await eventually(balance, (b) => b === 7)).toBe(7);
  await run.startGifts();
  const mine = () => call(gifts!.url, 'GET', '/redemptions/mine', child.token).then((r) => r.body as { status: string }[]);
  expect((await eventually(mine, (rs) => rs.every((r) => r.status === 'awaiting-parent'))).map((r) => r.status)).toEqual(['awaiting-parent', 'awaiting-parent']);
  await decideBoth(parent, ids[0]!, ids[1]!, balance, { held: 7, refunded: 15 });
}, 120_000);
