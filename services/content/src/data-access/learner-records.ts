import { Types } from 'mongoose';
import type { LearnerRecords, UsersStore } from '../domain/ports';
import type { Models } from './models';
import { PHOTO_ID, PHOTO_PATH } from './photos-store';
// Bookkeeping of the record, never personal data worth exporting.
const INTERNAL = { outbox: 0, processedEventIds: 0, outboxPending: 0, outboxLastId: 0, gemsVersion: 0 } as const;

/** The stored key of a photo this service serves under `url` (its own /photos/<id>), or null. */
export function photoKeyOf(url: unknown): string | null {
  if (typeof url !== 'string' || !url) return null;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(PHOTO_PATH)) return null;
  const id = path.slice(PHOTO_PATH.length);
  return PHOTO_ID.test(id) ? id : null;
}

const toBuffer = (data: unknown): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from((data as { buffer: Uint8Array }).buffer));
const iso = (at: unknown) => (at instanceof Date ? at.toISOString() : typeof at === 'string' ? at : undefined);

/**
 * A learner's records in this service's database, found by their lower-cased email: the user record, the
 * photos that show them (recorded owner, or the record's own picture) and the reviews posted with their
 * email. Read for an export; removed for an erasure. Photos and the owner field are read through the
 * driver, so the filter is never stripped by the schema (an emptied filter would match every photo).
 */
export function createLearnerRecords({ User, Photo, Review }: Models, users: Pick<UsersStore, 'removeByEmail'>): LearnerRecords {
  const photoKeys = async (email: string): Promise<string[]> => {
    const record = await User.findOne({ email }, { img: 1, photoUrl: 1 }).lean();
    const owned = await Photo.collection.find({ owner: email }, { projection: { _id: 1 } }).toArray();
    const keys = [...owned.map((doc) => String(doc._id)), photoKeyOf(record?.img), photoKeyOf(record?.photoUrl)];
    return [...new Set(keys.filter((key) => key !== null))];
  };

  return {
    async exportOf(email) {
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
    async erase(email, { reviews }) {
      const keys = await photoKeys(email);
      for (const key of keys) await Photo.collection.deleteOne({ _id: key } as never);
      if (reviews) await Review.deleteMany({ email });
      await users.removeByEmail(email);
    },

    /** Reviewers' emails stored before `cutoff` are removed (retention); resolves with how many. */
    async removeReviewEmailsBefore(cutoff) {
      const result = await Review.collection.updateMany({ email: { $exists: true }, createdAt: { $lt: cutoff } }, { $unset: { email: '' } });
      return result.modifiedCount;
    },

    /**
     * Records that may be an unverified registration: a learner who never signed in here, created before
     * `cutoff`, not yet found verified. At most `limit`, oldest first.
     */
    async unverifiedCandidates(cutoff, limit = 100) {
      const docs = await User.collection
        .find({ role: 'user', last_log_in: { $exists: false }, identityVerifiedAt: { $exists: false }, created_At: { $lt: cutoff.toISOString() } }, { projection: { email: 1 } })
        .sort({ created_At: 1 })
        .limit(limit)
        .toArray();
      return docs.map((doc) => ({ id: String(doc._id), email: String(doc.email) }));
    },

    /** The account of this record was found verified: later retention passes skip it. */
    async markVerified(id, at) {
      await User.collection.updateOne({ _id: new Types.ObjectId(id) }, { $set: { identityVerifiedAt: at } });
    },
  };
}

