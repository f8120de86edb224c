import type { Models } from './models';

export const AVATAR_PATH = '/assets/content/avatars/';

export function createAvatarsStore({ Avatar }: Models, publicUrl: string) {
  const urlOf = (file: string) => new URL(AVATAR_PATH + encodeURIComponent(file), publicUrl).toString();
  return {
    urlOf,
    async list(): Promise<{ _id: string; img: string }[]> {
      const docs = await Avatar.find({}).sort({ _id: 1 }).lean();
      return docs.map((doc) => ({ _id: String(doc._id), img: urlOf(doc.file) }));
    },
    async urls(): Promise<string[]> {
      return (await this.list()).map((a) => a.img);
    },
    async seed(avatars: { _id: string; file: string }[]): Promise<void> {
      for (const { _id, file } of avatars) await Avatar.updateOne({ _id }, { $setOnInsert: { file } }, { upsert: true });
    },
  };
}

export type AvatarsStore = ReturnType<typeof createAvatarsStore>;
