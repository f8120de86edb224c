import mongoose, { Types } from 'mongoose';
import { uniqueDbUrl } from '@kidslearn/lib-testkit';
import { redemptionModel, type RedemptionDoc } from '../src/data-access/redemption-model';
import { redemptionOutcomes } from '../src/data-access/redemption-outcomes';

jest.setTimeout(60_000);

// gems' outcome recorded on the redemption: a debit goes where the request's own `parentApproves` (the link as the
// learner asked) says, with no read of the family link.
let db: mongoose.Connection;
let model: mongoose.Model<RedemptionDoc>;

beforeAll(async () => {
  db = await mongoose.createConnection(uniqueDbUrl('gifts-outcomes')).asPromise();
  model = redemptionModel(db);
  await model.init();
});
afterAll(async () => {
  await db.dropDatabase().catch(() => undefined);
  await db.close();
});

const address = { name: 'Ana', phone: '+1 555 0100', address1: '1 Main St', city: 'Mathtown', postalCode: '12345' };
async function requested(parentApproves: boolean) {
  const _id = new Types.ObjectId();
  await model.create({ _id, email: 'ana@example.com', giftId: 'stickers', giftName: 'Sticker Pack', giftImg: '/s.svg', cost: 5, address, status: 'requested', idempotencyKey: `auto:${_id.toString()}`, createdAt: new Date(), parentApproves });
  return _id.toString();
}

describe("recording gems' outcome", () => {
  it.each([
    [true, 'awaiting-parent'],
    [false, 'pending-delivery'],
  ] as const)('when a request asked with parentApproves %s is debited, then it goes to %s; the same event again changes nothing', async (parentApproves, status) => {
    const record = redemptionOutcomes(model);
    const id = await requested(parentApproves);
    await expect(record('e1', id, { status: 'debited', balance: 3 })).resolves.toMatchObject({ id, status, balance: 3 });
    await expect(record('e1', id, { status: 'debited', balance: 9 })).resolves.toMatchObject({ id, status, balance: 3 });
    expect((await model.findById(id).lean())?.processedEventIds).toEqual(['e1']);
  });

  it('when gems refused the debit, then it is rejected with the reason, whatever the request said of the parent', async () => {
    const id = await requested(true);
    await expect(redemptionOutcomes(model)('e3', id, { status: 'rejected', balance: 0, reason: 'not enough gems' })).resolves.toMatchObject({ status: 'rejected', balance: 0 });
    expect((await model.findById(id).lean())?.rejectReason).toBe('not enough gems');
  });

  it('when the redemption moved on (the parent declined) before a late debit, then it stays as it is', async () => {
    const id = await requested(true);
    await model.updateOne({ _id: id }, { $set: { status: 'declined' } });
    await expect(redemptionOutcomes(model)('e4', id, { status: 'debited', balance: 2 })).resolves.toMatchObject({ status: 'declined' });
  });

  it('when outcomes come together, then one bulk write and one read settle each exactly as it would have been alone', async () => {
    const record = redemptionOutcomes(model);
    const [toParent, toDelivery, refused, movedOn] = [await requested(true), await requested(false), await requested(false), await requested(true)];
    await model.updateOne({ _id: movedOn }, { $set: { status: 'declined' } });
    const bulkWrite = jest.spyOn(model, 'bulkWrite');
    const find = jest.spyOn(model, 'find');
    const findOneAndUpdate = jest.spyOn(model, 'findOneAndUpdate');
    try {
      const answers = await Promise.all([
        record('g1', toParent, { status: 'debited', balance: 4 }),
        record('g2', toDelivery, { status: 'debited', balance: 3 }),
        record('g2', toDelivery, { status: 'debited', balance: 3 }),
        record('g3', refused, { status: 'rejected', balance: 1, reason: 'not enough gems' }),
        record('g4', movedOn, { status: 'debited', balance: 2 }),
        record('g5', new Types.ObjectId().toString(), { status: 'debited', balance: 2 }),
      ]);
      expect(answers).toEqual([
        expect.objectContaining({ id: toParent, status: 'awaiting-parent', balance: 4 }),
        expect.objectContaining({ id: toDelivery, status: 'pending-delivery', balance: 3 }),
        expect.objectContaining({ id: toDelivery, status: 'pending-delivery', balance: 3 }),
        expect.objectContaining({ id: refused, status: 'rejected', balance: 1 }),
        expect.objectContaining({ id: movedOn, status: 'declined' }),
        null,
      ]);
      expect(bulkWrite).toHaveBeenCalledTimes(1);
      expect(find).toHaveBeenCalledTimes(1);
      expect(findOneAndUpdate).not.toHaveBeenCalled();
    } finally {
      bulkWrite.mockRestore();
      find.mockRestore();
      findOneAndUpdate.mockRestore();
    }
    const stored = async (id: string) => model.findById(id).lean();
    expect(await stored(toDelivery)).toMatchObject({ status: 'pending-delivery', processedEventIds: ['g2'] });
    expect(await stored(refused)).toMatchObject({ status: 'rejected', rejectReason: 'not enough gems', processedEventIds: ['g3'] });
    expect(await stored(movedOn)).toMatchObject({ status: 'declined', processedEventIds: [] });
  });
});
