import type { Model } from 'mongoose';
import catalog from '../data/Gift.json';
import type { Gift } from '../domain/gift';
import type { GiftDoc } from '../data-access/gift-model';

export const staticGifts: Gift[] = catalog;

/** Makes the stored catalog equal to the static list; safe to run on every start, by many instances. */
export async function seedGifts(model: Model<GiftDoc>, gifts: Gift[] = staticGifts): Promise<void> {
  await model.bulkWrite(
    gifts.map((g, order) => ({
      replaceOne: {
        filter: { _id: g.id },
        replacement: { _id: g.id, name: g.name, img: g.img, order, ...(g.cost !== undefined ? { cost: g.cost } : {}) },
        upsert: true,
      },
    })),
  );
  await model.deleteMany({ _id: { $nin: gifts.map((g) => g.id) } });
}
