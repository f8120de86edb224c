import type { AvatarsStore } from '../domain/ports';
import type { Models } from './models';

export const AVATAR_PATH = '/assets/content/avatars/';

export function createAvatarsStore({ Avatar }: Models, publicUrl: string) {
  const urlOf = (file: string) => new URL(AVATAR_PATH + encodeURIComponent(file), publicUrl).toString();
  const list = async () => {
    const docs = await Avatar.find({}).sort({ _id: 1 }).lean();
    return docs.map((doc) => ({ _id: String(doc._id), img: urlOf(doc.file) }));
  };
  const store: AvatarsStore = { urlOf, list, urls: async () => (await list()).map((a) => a.img) };
  return {
    ...store,
    async seed(avatars: { _id: string; file: string }[]): Promise<void> {
      for (const { _id, file } of avatars) await Avatar.updateOne({ _id }, { $setOnInsert: { file } }, { upsert: true });
    },
  };
}


