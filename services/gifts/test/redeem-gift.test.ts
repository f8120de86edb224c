import { deliverRedemption } from '../src/use-cases/deliver-redemption';
import { redeemGift, type RedeemGiftDeps } from '../src/use-cases/redeem-gift';
import type { OutcomeWaiter } from '../src/domain/ports';
import { messages } from '../src/messages';
import { announcingWaiter, fakeCatalog, fakeFamily, FakeMonthlySpend, FakeRedemptionStore, settlingWaiter, silentWaiter } from './fakes';

const gifts = [
  { id: 'crayons', name: 'Crayon Set', img: '/assets/gifts/crayons.svg', cost: 8 },
  { id: 'telescope', name: 'Mini Telescope', img: '/assets/gifts/telescope.svg' },
  { id: 'free', name: 'Free', img: '/x.svg', cost: 0 },
];
const address = { name: 'Lina', phone: '123', address1: 'Main St 1', city: 'Town', postalCode: '1000' };
const input = { email: 'lina@kidslearn.test', giftId: 'crayons', address, idempotencyKey: null };

function deps(store: FakeRedemptionStore, outcomes = silentWaiter): RedeemGiftDeps {
  return { catalog: fakeCatalog(gifts), redemptions: store, outcomes, waitMs: 10, family: fakeFamily(), consent: 'optional', spend: new FakeMonthlySpend() };
}

describe('redeemGift', () => {
  it('when gems debits while we wait, then the outcome is debited with the new balance and the catalog cost', async () => {
    const store = new FakeRedemptionStore();
    const outcome = await redeemGift(deps(store, settlingWaiter((id) => store.settle(id, 'pending-delivery', 2))), input);
    expect(outcome).toMatchObject({ kind: 'debited', gems: 2, redemption: { cost: 8, status: 'pending-delivery' } });
  });

  it('when gems announces its outcome, then it is answered from the announcement without reading the redemption', async () => {
    const store = new FakeRedemptionStore();
    const reads = jest.spyOn(store, 'findById');
    const outcome = await redeemGift(deps(store, announcingWaiter({ status: 'pending-delivery', balance: 4 })), input);
    expect(outcome).toMatchObject({ kind: 'debited', gems: 4, redemption: { cost: 8, status: 'pending-delivery', balance: 4 } });
    expect(reads).not.toHaveBeenCalled();
  });

  it('when gems rejects the debit, then the outcome is rejected with the balance', async () => {
    const store = new FakeRedemptionStore();
    const outcome = await redeemGift(deps(store, settlingWaiter((id) => store.settle(id, 'rejected', 3))), input);
    expect(outcome).toMatchObject({ kind: 'rejected', gems: 3 });
  });

  it('when no outcome arrives in time, then the outcome is processing and the redemption stays requested', async () => {
    const store = new FakeRedemptionStore();
    const outcome = await redeemGift(deps(store), input);
    expect(outcome).toMatchObject({ kind: 'processing', redemption: { status: 'requested' } });
  });

  it('when the gift is unknown, then it is not found and nothing is written', async () => {
    const store = new FakeRedemptionStore();
    await expect(redeemGift(deps(store), { ...input, giftId: 'nope' })).rejects.toMatchObject({ message: messages.giftNotFound });
    expect(store.items).toHaveLength(0);
  });

  it('when the request ends early (an unknown gift), then the outcome listener it opened is closed', async () => {
    const store = new FakeRedemptionStore();
    let open = 0;
    const counting: OutcomeWaiter = {
      announce: async () => undefined,
      async listen() {
        open += 1;
        return { wait: async (_timeoutMs, read) => read(), close: async () => void (open -= 1) };
      },
    };
    await expect(redeemGift(deps(store, counting), { ...input, giftId: 'nope' })).rejects.toMatchObject({ message: messages.giftNotFound });
    await redeemGift(deps(store, counting), input);
    expect(open).toBe(0);
  });

  it.each(['telescope', 'free'])('when the gift %s has no valid price, then it is refused and nothing is written', async (giftId) => {
    const store = new FakeRedemptionStore();
    await expect(redeemGift(deps(store), { ...input, giftId })).rejects.toMatchObject({ message: messages.priceNotSet });
    expect(store.items).toHaveLength(0);
  });

  it('when the same idempotency key is retried, then the same redemption is answered and no second one is written', async () => {
    const store = new FakeRedemptionStore();
    const first = await redeemGift(deps(store), { ...input, idempotencyKey: 'k1' });
    const again = await redeemGift(deps(store), { ...input, idempotencyKey: 'k1' });
    expect(again.redemption.id).toBe(first.redemption.id);
    expect(store.items).toHaveLength(1);
  });

  it('when an idempotency key is reused for another gift, then it is a conflict', async () => {
    const store = new FakeRedemptionStore();
    await redeemGift(deps(store), { ...input, idempotencyKey: 'k1' });
    await expect(redeemGift(deps(store), { ...input, giftId: 'crayons2', idempotencyKey: 'k1' })).rejects.toBeTruthy();
    gifts.push({ id: 'crayons2', name: 'Crayons 2', img: '/x.svg', cost: 1 });
    await expect(redeemGift(deps(store), { ...input, giftId: 'crayons2', idempotencyKey: 'k1' })).rejects.toMatchObject({
      message: messages.idempotencyKeyReused,
    });
    gifts.pop();
  });
});

describe('deliverRedemption', () => {
  async function pending(store: FakeRedemptionStore) {
    const { redemption } = await store.request({ id: store.newId(), email: 'a@b.c', gift: gifts[0]!, cost: 8, address, idempotencyKey: null, createdAt: new Date(), parentApproves: false });
    store.settle(redemption.id, 'pending-delivery', 0);
    return redemption.id;
  }

  it('when a pending parcel is delivered, then it is delivered once with updatedAt and a second time answers it unchanged', async () => {
    const store = new FakeRedemptionStore();
    const id = await pending(store);
    const at = new Date('2025-01-02T03:04:05Z');
    await expect(deliverRedemption(store, id, at)).resolves.toMatchObject({ status: 'delivered', deliveryStatus: true, updatedAt: at });
    await expect(deliverRedemption(store, id, new Date('2030-01-01T00:00:00Z'))).resolves.toMatchObject({ status: 'delivered', updatedAt: at });
  });

  it('when the redemption is unknown, then it is not found', async () => {
    await expect(deliverRedemption(new FakeRedemptionStore(), 'f'.repeat(24))).rejects.toMatchObject({ message: messages.redemptionNotFound });
  });

  it('when the redemption was rejected or is still requested, then delivering it is refused', async () => {
    const store = new FakeRedemptionStore();
    const { redemption } = await store.request({ id: store.newId(), email: 'a@b.c', gift: gifts[0]!, cost: 8, address, idempotencyKey: null, createdAt: new Date(), parentApproves: false });
    await expect(deliverRedemption(store, redemption.id)).rejects.toMatchObject({ message: messages.stillProcessing });
    store.settle(redemption.id, 'rejected', 0);
    await expect(deliverRedemption(store, redemption.id)).rejects.toMatchObject({ message: messages.rejectedCannotDeliver });
  });
});
