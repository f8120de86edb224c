import { approveGift, declineGift, type DecideGiftDeps } from '../src/use-cases/decide-gift';
import { declineOrphanedRequests } from '../src/use-cases/decline-orphaned';
import { redeemGift, type RedeemGiftDeps } from '../src/use-cases/redeem-gift';
import type { ChildLink } from '../src/domain/family';
import type { RedemptionStore } from '../src/domain/ports';
import { messages } from '../src/messages';
import { fakeCatalog, fakeFamily, FakeMonthlySpend, FakeParentDecisions, FakeRedemptionStore, settlingWaiter, silentWaiter } from './fakes';

const gifts = [{ id: 'stickers', name: 'Sticker Pack', img: '/s.svg', cost: 5 }];
const address = { name: 'Lina', phone: '123', address1: 'Main St 1', city: 'Town', postalCode: '1000' };
const kid = 'kid@kidslearn.test';
const mum = 'mum@kidslearn.test';
const now = new Date('2025-05-20T10:00:00Z');
const month = '2025-05';
const linked = (more: Partial<ChildLink> = {}): Record<string, ChildLink> => ({ [kid]: { parentEmail: mum, approveGifts: true, monthlyGemCap: null, ...more } });

function redeemDeps(links: Record<string, ChildLink>, more: Partial<RedeemGiftDeps> = {}) {
  const store = new FakeRedemptionStore();
  const spend = new FakeMonthlySpend();
  const deps: RedeemGiftDeps = { catalog: fakeCatalog(gifts), redemptions: store, outcomes: silentWaiter, waitMs: 10, family: fakeFamily(links), consent: 'optional', spend, ...more };
  return { deps, store, spend };
}
const redeem = (deps: RedeemGiftDeps, idempotencyKey: string | null = null) => redeemGift(deps, { email: kid, giftId: 'stickers', address, idempotencyKey }, now);

describe('redeeming with a parent: consent', () => {
  it('when consent is required and no parent consented, then 403 parent_consent_required and nothing is written or counted', async () => {
    const { deps, store, spend } = redeemDeps({}, { consent: 'required' });
    await expect(redeem(deps)).rejects.toMatchObject({ status: 403, code: 'parent_consent_required', message: messages.parentConsentRequired });
    expect(store.items).toHaveLength(0);
    expect(spend.of(kid, month)).toBe(0);
  });

  it('when consent is required and a parent consented, or consent is optional, then the request is written', async () => {
    for (const [links, consent] of [[linked(), 'required'], [{}, 'optional']] as const) {
      const { deps, store } = redeemDeps(links, { consent });
      await expect(redeem(deps)).resolves.toMatchObject({ kind: 'processing' });
      expect(store.items).toHaveLength(1);
    }
  });
});

describe('redeeming with a parent: the monthly cap', () => {
  it('when the month holds requests up to the cap, then the next one is refused 409 monthly_cap with nothing written', async () => {
    const { deps, store, spend } = redeemDeps(linked({ monthlyGemCap: 10 }));
    await redeem(deps);
    await redeem(deps);
    await expect(redeem(deps)).rejects.toMatchObject({ status: 409, code: 'monthly_cap', message: messages.monthlyCap });
    expect(store.items).toHaveLength(2);
    expect(spend.of(kid, month)).toBe(10);
    expect(store.items.map((r) => r.spendMonth)).toEqual([month, month]);
  });

  it('when there is no cap, then every request is still counted (a cap set later in the month sees them)', async () => {
    const { deps, spend } = redeemDeps({});
    await redeem(deps);
    expect(spend.of(kid, month)).toBe(5);
  });

  it('when a request already written is retried over the cap, then it is answered, not refused, and counted once', async () => {
    const { deps, store, spend } = redeemDeps(linked({ monthlyGemCap: 5 }));
    const first = await redeem(deps, 'k1');
    const again = await redeem(deps, 'k1');
    expect(again.redemption.id).toBe(first.redemption.id);
    expect(store.items).toHaveLength(1);
    expect(spend.of(kid, month)).toBe(5);
  });

  it('when a retry finds its request under the cap, then the count it took is given back', async () => {
    const { deps, spend } = redeemDeps(linked({ monthlyGemCap: 100 }));
    await redeem(deps, 'k1');
    await redeem(deps, 'k1');
    expect(spend.of(kid, month)).toBe(5);
  });

  it('when the write fails, then the count is given back and the error is answered', async () => {
    const { deps, spend } = redeemDeps(linked({ monthlyGemCap: 100 }));
    const failing: RedemptionStore = Object.assign(Object.create(deps.redemptions) as RedemptionStore, { request: async () => Promise.reject(new Error('database down')) });
    await expect(redeem({ ...deps, redemptions: failing })).rejects.toThrow('database down');
    expect(spend.of(kid, month)).toBe(0);
  });

  it.each([
    ['a parent who approves gifts', linked(), true],
    ['a parent who does not approve gifts', linked({ approveGifts: false }), false],
    ['no parent', {}, false],
  ] as const)('when a learner with %s asks, then the request records whether the parent approves (%s) for where its debit goes', async (_case, links, approves) => {
    const { deps, store } = redeemDeps(links);
    const outcome = await redeem(deps);
    expect(store.parentApproves.get(outcome.redemption.id)).toBe(approves);
  });

  it('when gems debits a learner whose parent approves gifts, then the answer is debited with the request awaiting the parent', async () => {
    const { deps, store } = redeemDeps(linked());
    const outcome = await redeem({ ...deps, outcomes: settlingWaiter((id) => store.settle(id, 'awaiting-parent', 7)) });
    expect(outcome).toMatchObject({ kind: 'debited', gems: 7, redemption: { status: 'awaiting-parent' } });
  });
});

describe("a parent's decision", () => {
  async function awaiting(links = linked()) {
    const store = new FakeRedemptionStore();
    const spend = new FakeMonthlySpend();
    await spend.reserve(kid, month, 5, null);
    const { redemption } = await store.request({ id: store.newId(), email: kid, gift: gifts[0]!, cost: 5, address, idempotencyKey: null, createdAt: now, spendMonth: month, parentApproves: true });
    store.settle(redemption.id, 'awaiting-parent', 2);
    const decisions = new FakeParentDecisions(store);
    const deps: DecideGiftDeps = { redemptions: store, decisions, family: fakeFamily(links), spend };
    return { deps, store, spend, decisions, id: redemption.id };
  }
  const newAddress = { ...address, address1: 'Other St 9' };

  it('when the parent approves, then it is pending delivery with the confirmed address; again, it answers the same, unchanged', async () => {
    const { deps, id } = await awaiting();
    await expect(approveGift(deps, mum, id, newAddress, now)).resolves.toMatchObject({ status: 'pending-delivery', address: newAddress, parentDecision: 'approved' });
    await expect(approveGift(deps, mum, id, address)).resolves.toMatchObject({ status: 'pending-delivery', address: newAddress });
    await expect(declineGift(deps, mum, id)).rejects.toMatchObject({ status: 409, message: messages.giftAlreadyApproved });
  });

  it('when the parent declines, then it is declined with one redemption.declined and its cost leaves the month, once however often it is repeated', async () => {
    const { deps, id, decisions, spend } = await awaiting();
    await expect(declineGift(deps, mum, id)).resolves.toMatchObject({ status: 'declined', parentDecision: 'declined' });
    await expect(declineGift(deps, mum, id)).resolves.toMatchObject({ status: 'declined' });
    expect(decisions.declinedEvents).toEqual([{ redemptionId: id, email: kid, cost: 5 }]);
    expect(spend.of(kid, month)).toBe(0);
    await expect(approveGift(deps, mum, id, address)).rejects.toMatchObject({ status: 409, message: messages.giftAlreadyDeclined });
  });

  it("when another parent, or a parent of nobody, decides, then 404 'Child not found' as for an unknown request, and nothing changes", async () => {
    const { deps, id, store } = await awaiting();
    for (const attempt of [() => approveGift(deps, 'dad@kidslearn.test', id, address), () => declineGift(deps, 'dad@kidslearn.test', id), () => declineGift(deps, mum, 'f'.repeat(24))]) {
      await expect(attempt()).rejects.toMatchObject({ status: 404, message: messages.childNotFound });
    }
    expect(store.items[0]).toMatchObject({ status: 'awaiting-parent' });
  });

  it('when the request never waited for the parent, then both decisions are 409', async () => {
    const { deps, id, store } = await awaiting();
    store.settle(id, 'pending-delivery', 2);
    await expect(approveGift(deps, mum, id, address)).rejects.toMatchObject({ status: 409, message: messages.notAwaitingParent });
    await expect(declineGift(deps, mum, id)).rejects.toMatchObject({ status: 409, message: messages.notAwaitingParent });
  });

  it('when the two decisions race, then one is written and the other is judged against it', async () => {
    const { deps, id } = await awaiting();
    const [approved, declined] = await Promise.allSettled([approveGift(deps, mum, id, address), declineGift(deps, mum, id)]);
    expect([approved.status, declined.status].sort()).toEqual(['fulfilled', 'rejected']);
  });

  it("when the parent's link goes, then the child's waiting requests are declined (gems come back), once; with a link left, nothing happens", async () => {
    const { deps, id, decisions, store } = await awaiting({});
    expect(await declineOrphanedRequests(deps, kid, now)).toBe(1);
    expect(await declineOrphanedRequests(deps, kid, now)).toBe(0);
    expect(store.items[0]).toMatchObject({ id, status: 'declined' });
    expect(store.items[0]).not.toHaveProperty('parentDecision');
    expect(decisions.declinedEvents).toHaveLength(1);

    const stillLinked = await awaiting();
    expect(await declineOrphanedRequests(stillLinked.deps, kid, now)).toBe(0);
    expect(stillLinked.store.items[0]).toMatchObject({ status: 'awaiting-parent' });
  });
});
