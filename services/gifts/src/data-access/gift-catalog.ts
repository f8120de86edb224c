import type { Model } from 'mongoose';
import { publicImageUrl, type Gift } from '../domain/gift';
import type { GiftCatalog } from '../domain/ports';
import type { GiftDoc } from './gift-model';

export const CATALOG_CACHE_KEY = 'catalog';
const CATALOG_TTL_SECONDS = 5 * 60; // SPEC §9: gift list cached 5 minutes

export interface CatalogCache {
  getOrLoad<T>(key: string, ttlSeconds: number, loader: () => Promise<T>): Promise<T>;
}

function toGift(doc: GiftDoc, publicUrl: string): Gift {
  return { id: doc._id, name: doc.name, img: publicImageUrl(doc.img, publicUrl), ...(doc.cost !== undefined && doc.cost !== null ? { cost: doc.cost } : {}) };
}

/**
 * The catalog read through the Redis cache (invalidated when the catalog is seeded). The stored
 * images are paths; the catalog answers them as absolute URLs on `publicUrl`.
 */
export function createGiftCatalog(model: Model<GiftDoc>, cache: CatalogCache, publicUrl: string): GiftCatalog {
  const list = () =>
    cache.getOrLoad(CATALOG_CACHE_KEY, CATALOG_TTL_SECONDS, async () => {
      const docs = await model.find({}).sort({ order: 1 }).lean<GiftDoc[]>().exec();
      return docs.map((doc) => toGift(doc, publicUrl));
    });
  return {
    list,
    findById: async (id) => (await list()).find((g) => g.id === id) ?? null,
  };
}
