import { isValidObjectId } from 'mongoose';
import type { ImageType } from '../domain/photo';
import type { Models } from './models';

export const PHOTO_PATH = '/photos/';

export function createPhotosStore({ Photo }: Models, publicUrl: string) {
  return {
    urlOf: (id: string) => new URL(PHOTO_PATH + id, publicUrl).toString(),
    async save(buffer: Buffer, contentType: ImageType): Promise<string> {
      const doc = await Photo.create({ data: buffer, contentType, size: buffer.length });
      return String(doc._id);
    },
    async find(id: string): Promise<{ data: Buffer; contentType: string } | null> {
      if (!isValidObjectId(id) || !/^[0-9a-f]{24}$/i.test(id)) return null;
      const doc = await Photo.findById(id).lean();
      if (!doc) return null;
      const data = Buffer.isBuffer(doc.data) ? doc.data : Buffer.from((doc.data as unknown as { buffer: Uint8Array }).buffer);
      return { data, contentType: doc.contentType };
    },
    remove: async (id: string) => {
      await Photo.deleteOne({ _id: id });
    },
  };
}

export type PhotosStore = ReturnType<typeof createPhotosStore>;
