import { Types } from 'mongoose';
import { PHOTO_PATH } from './photos-store';
import type { Models } from './models';
import type { UsersStore } from './users-store';

/** What content holds about one learner, as the learner's export shows it. */
export interface ContentLearnerData {
  user: Record<string, unknown> | null;
  photos: { id: string; contentType: string; createdAt?: string; dataBase64: string }[];
  reviews: { id: string; name?: string; title?: string; email?: string; message: string; createdAt?: string; hidden?: boolean }[];
}

const RANDOM_ID = /^[0-9a-f]{32}$/;
const LEGACY_ID = /^[0-9a-f]{24}$/;
// Bookkeeping of the record, never personal data worth exporting.
const INTERNAL = { outbox: 0, processedEventIds: 0, outboxPending: 0, outboxLastId: 0, gemsVersion: 0 } as const;

/** The stored key of a photo this service serves under `url` (its own /photos/<id>), or null. */
export function photoKeyOf(url: unknown): string | Types.ObjectId | null {
  if (typeof url !== 'string' || !url) return null;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(PHOTO_PATH)) return null;
  const id = path.slice(PHOTO_PATH.length);
  return RANDOM_ID.test(id) ? id : LEGACY_ID.test(id) ? new Types.ObjectId(id) : null;
}

const toBuffer = (data: unknown): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from((data as { buffer: Uint8Array }).buffer));
const iso = (at: unknown) => (at instanceof Date ? at.toISOString() : typeof at === 'string' ? at : undefined);

/**
 * A learner's records in this service's database, found by their lower-cased email: the user record, the
 * photos that show them (recorded owner, or the record's own picture) and the reviews posted with their
 * email. Read for an export; removed for an erasure. Photos and the owner field are read through the
 * driver, so the filter is never stripped by the schema (an emptied filter would match every photo).
 */
export function createLearnerRecords({ User, Photo, Review }: Models, users: UsersStore) {
  const photoKeys = async (email: string): Promise<(string | Types.ObjectId)[]> => {
    const record = await User.findOne({ email }, { img: 1, photoUrl: 1 }).lean();
    const owned = await Photo.collection.find({ owner: email }, { projection: { _id: 1 } }).toArray();
    const keys = [...owned.map((doc) => doc._id as unknown as string | Types.ObjectId), photoKeyOf(record?.img), photoKeyOf(record?.photoUrl)];
    return [...new Map(keys.filter((key) => key !== null).map((key) => [String(key), key])).values()];
  };

  return {
    async exportOf(email: string): Promise<ContentLearnerData> {
      const [user, keys, reviews] = await Promise.all([User.findOne({ email }, INTERNAL).lean(), photoKeys(email), Review.find({ email }).sort({ createdAt: 1 }).lean()]);
      const photos = keys.length ? await Photo.collection.find({ _id: { $in: keys } } as never).toArray() : [];
      return {
        user: user ? { ...user, _id: String(user._id) } : null,
        photos: photos.map((p) => ({ id: String(p._id), contentType: String(p.contentType), createdAt: iso(p.createdAt), dataBase64: toBuffer(p.data).toString('base64') })),
        reviews: reviews.map((r) => ({
          id: String(r._id),
          ...(r.name ? { name: r.name } : {}),
          ...(r.title ? { title: r.title } : {}),
          ...(r.email ? { email: r.email } : {}),
          message: r.message,
          createdAt: iso(r.createdAt),
          ...((r as { hidden?: boolean }).hidden !== undefined ? { hidden: (r as { hidden?: boolean }).hidden } : {}),
        })),
      };
    },

    /**
     * Removes the learner's photos, (with `reviews`) the reviews posted with their email, and last the user
     * record, so a failure part-way leaves the record for a re-run to find. Idempotent.
     */
    async erase(email: string, { reviews }: { reviews: boolean }): Promise<void> {
      const keys = await photoKeys(email);
      for (const key of keys) await Photo.collection.deleteOne({ _id: key } as never);
      if (reviews) await Review.deleteMany({ email });
      await users.removeByEmail(email);
    },

    /** Reviewers' emails stored before `cutoff` are removed (retention); resolves with how many. */
    async removeReviewEmailsBefore(cutoff: Date): Promise<number> {
      const result = await Review.collection.updateMany({ email: { $exists: true }, createdAt: { $lt: cutoff } }, { $unset: { email: '' } });
      return result.modifiedCount;
    },

    /**
     * Records that may be an unverified registration: a learner who never signed in here, created before
     * `cutoff`, not yet found verified. At most `limit`, oldest first.
     */
    async unverifiedCandidates(cutoff: Date, limit = 100): Promise<{ id: string; email: string }[]> {
      const docs = await User.collection
        .find({ role: 'user', last_log_in: { $exists: false }, identityVerifiedAt: { $exists: false }, created_At: { $lt: cutoff.toISOString() } }, { projection: { email: 1 } })
        .sort({ created_At: 1 })
        .limit(limit)
        .toArray();
      return docs.map((doc) => ({ id: String(doc._id), email: String(doc.email) }));
    },

    /** The account of this record was found verified: later retention passes skip it. */
    async markVerified(id: string, at: Date): Promise<void> {
      await User.collection.updateOne({ _id: new Types.ObjectId(id) }, { $set: { identityVerifiedAt: at } });
    },
  };
}
export type LearnerRecords = ReturnType<typeof createLearnerRecords>;
