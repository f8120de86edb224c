import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { reencodePhoto } from './photo-encoding';
import type { ImageType } from '../domain/photo';
import type { Models } from './models';

export const PHOTO_PATH = '/photos/';
const RANDOM_ID = /^[0-9a-f]{32}$/;
/** Photos stored before random ids (ObjectIds). */
const LEGACY_ID = /^[0-9a-f]{24}$/;

export interface StoredPhoto {
  data: Buffer;
  contentType: string;
  /** The learner it shows; null for photos stored before owners were recorded (admins only). */
  owner: string | null;
}

export function createPhotosStore({ Photo }: Models, publicUrl: string) {
  return {
    urlOf: (id: string) => new URL(PHOTO_PATH + id, publicUrl).toString(),
    /** Re-encodes (metadata stripped, pixel limit) and stores the photo of `owner`; resolves with its random id. */
    async save(buffer: Buffer, type: ImageType, owner: string): Promise<string> {
      const { data, contentType } = await reencodePhoto(buffer, type);
      const _id = randomBytes(16).toString('hex');
      await Photo.create({ _id, data, contentType, size: data.length, owner });
      return _id;
    },
    async find(id: string): Promise<StoredPhoto | null> {
      const key = RANDOM_ID.test(id) ? id : LEGACY_ID.test(id) ? new Types.ObjectId(id) : null;
      if (key === null) return null;
      const doc = await Photo.findById(key).lean();
      if (!doc) return null;
      const data = Buffer.isBuffer(doc.data) ? doc.data : Buffer.from((doc.data as unknown as { buffer: Uint8Array }).buffer);
      return { data, contentType: doc.contentType, owner: doc.owner ?? null };
    },
    remove: async (id: string) => {
      await Photo.deleteOne({ _id: id });
    },
  };
}

export type PhotosStore = ReturnType<typeof createPhotosStore>;
