import { randomBytes } from 'node:crypto';
import type { PhotosStore } from '../domain/ports';
import type { Models } from './models';
import { reencodePhoto } from './photo-encoding';

export const PHOTO_PATH = '/photos/';
/** A photo's id: 128 random bits (hex). */
export const PHOTO_ID = /^[0-9a-f]{32}$/;

export function createPhotosStore({ Photo }: Models, publicUrl: string): PhotosStore {
  return {
    urlOf: (id: string) => new URL(PHOTO_PATH + id, publicUrl).toString(),
    /** Re-encodes (metadata stripped, pixel limit) and stores the photo of `owner`; resolves with its random id. */
    async save(buffer, type, owner) {
      const { data, contentType } = await reencodePhoto(buffer, type);
      const _id = randomBytes(16).toString('hex');
      await Photo.create({ _id, data, contentType, size: data.length, owner });
      return _id;
    },
    async find(id) {
      if (!PHOTO_ID.test(id)) return null;
      const doc = await Photo.findById(id).lean();
      if (!doc) return null;
      const data = Buffer.isBuffer(doc.data) ? doc.data : Buffer.from((doc.data as unknown as { buffer: Uint8Array }).buffer);
      return { data, contentType: doc.contentType, owner: doc.owner };
    },
    remove: async (id) => {
      await Photo.deleteOne({ _id: id });
    },
  };
}
