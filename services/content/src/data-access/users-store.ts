import { createEvent } from '@kidslearn/lib-events';
import { withOutbox } from '@kidslearn/lib-mongo';
import type { Role, UserView } from '../domain/user';
import type { Models } from './models';
import { createUsersDirectory } from './users-directory';

type UserLike = {
  _id: unknown;
  name?: string | null;
  email: string;
  role?: string | null;
  gems?: number | null;
  img?: string | null;
  created_At?: string | null;
  last_log_in?: string | null;
};

export function toUserView(doc: UserLike): UserView {
  const view: UserView = {
    _id: String(doc._id),
    name: doc.name ?? '',
    email: doc.email,
    role: doc.role === 'admin' ? 'admin' : 'user',
    gems: doc.gems ?? 0,
    img: doc.img ?? '',
  };
  if (doc.created_At) view.created_At = doc.created_At;
  if (doc.last_log_in) view.last_log_in = doc.last_log_in;
  return view;
}

/**
 * The record's display name for other services (quiz standings), written with the name in one
 * update: they show this name, never a token claim the learner can edit.
 */
export const USER_PROFILE_CHANGED = 'user.profile.changed';
const profileChanged = (email: string, name: string) => createEvent(USER_PROFILE_CHANGED, { email, name });

const INTERNAL = { outbox: 0, processedEventIds: 0, gemsVersion: 0, photoUrl: 0 } as const;
const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

export interface SignIn {
  email: string;
  name: string;
  role: Role;
  img?: string;
}

export interface UsersPageQuery {
  page: number;
  limit: number;
  search?: string;
}

export function createUsersStore({ User }: Models, options: { directoryMaxAgeMs?: number; onDirectoryError?: (error: unknown) => void } = {}) {
  const now = () => new Date().toISOString();
  const directory = createUsersDirectory({
    load: async () => (await User.find({}, INTERNAL).lean()).map((doc) => toUserView(doc as UserLike)),
    maxAgeMs: options.directoryMaxAgeMs,
    onReloadError: options.onDirectoryError,
  });

  return {
    async findByEmail(email: string): Promise<UserView | null> {
      const doc = await User.findOne({ email }, INTERNAL).lean();
      return doc ? toUserView(doc as UserLike) : null;
    },

    async findById(id: string): Promise<UserView | null> {
      const doc = await User.findById(id, INTERNAL).lean();
      return doc ? toUserView(doc as UserLike) : null;
    },

    async photoUrlOf(email: string): Promise<string | null> {
      const doc = await User.findOne({ email }, { photoUrl: 1 }).lean();
      return doc?.photoUrl ?? null;
    },

    async list(): Promise<UserView[]> {
      const docs = await User.find({}, INTERNAL).sort({ created_At: 1, _id: 1 }).lean();
      return docs.map((doc) => toUserView(doc as UserLike));
    },

    /**
     * One page of users in email order, optionally only those whose email or name starts with `search`
     * (case-insensitive), with the total; served by the in-memory directory (see users-directory.ts).
     */
    page(query: UsersPageQuery): Promise<{ items: UserView[]; total: number }> {
      return directory.page(query);
    },

    counts(): Promise<{ totalUsers: number; totalAdmin: number }> {
      return directory.counts();
    },

    warmDirectory(): void {
      directory.warm();
    },

    /**
     * After sign-in: create or refresh the caller's own record. Gems start at 0 and are only ever
     * changed by gems events; the picture is only taken the first time (later changes go through
     * the avatar route).
     */
    async upsertOnSignIn({ email, name, role, img }: SignIn): Promise<{ user: UserView; created: boolean }> {
      const stamp = now();
      const onInsert: Record<string, unknown> = { gems: 0, gemsVersion: 0, created_At: stamp, img: img ?? '' };
      if (img) onInsert.photoUrl = img;
      const set: Record<string, unknown> = { role, last_log_in: stamp };
      if (name) set.name = name;
      else onInsert.name = '';
      const update = { $set: set, $setOnInsert: onInsert };
      const run = () => User.updateOne({ email }, name ? withOutbox(update, profileChanged(email, name)) : update, { upsert: true });
      let result;
      try {
        result = await run();
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        result = await run(); // two first sign-ins raced: the second one now updates
      }
      const user = await this.findByEmail(email);
      if (!user) throw new Error(`user ${email} vanished after upsert`);
      directory.put(user);
      return { user, created: result.upsertedCount > 0 };
    },

    /** The record created by registration: role user, 0 gems, the uploaded photo as avatar. */
    async createRegistered(email: string, name: string, photoUrl: string): Promise<void> {
      await User.updateOne(
        { email },
        withOutbox(
          {
            $set: { name, img: photoUrl, photoUrl },
            $setOnInsert: { role: 'user', gems: 0, gemsVersion: 0, created_At: now() },
          },
          profileChanged(email, name),
        ),
        { upsert: true },
      );
      const user = await this.findByEmail(email);
      if (user) directory.put(user);
    },

    async setAvatar(email: string, img: string): Promise<UserView | null> {
      const matched = await User.updateOne({ email }, { $set: { img } });
      if (!matched.matchedCount) return null;
      const user = await this.findByEmail(email);
      if (user) directory.put(user);
      return user;
    },

    /** The local mirror of the Keycloak role, with `user.role.changed` in the same document. */
    async setRole(id: string, email: string, role: Role): Promise<UserView | null> {
      const event = createEvent('user.role.changed', { email, role });
      await User.updateOne({ _id: id }, { $set: { role }, $push: { outbox: event } });
      const user = await this.findById(id);
      if (user) directory.put(user);
      return user;
    },

    /**
     * gems.balance.changed: the higher version wins, so redelivered or out-of-order events change
     * nothing. A user not known yet gets a minimal record that sign-in completes later.
     */
    async applyGemsBalance(email: string, balance: number, version: number): Promise<boolean> {
      // By id when the directory knows the user: the local database pushes down only `_id`, so a write by
      // email reads every user record, on every gem change. Nothing matched (a stale version, or a record
      // the directory has wrong) falls through to the write by email, which settles either case.
      const id = directory.idOf(email);
      if (id) {
        const byId = await User.updateOne({ _id: id, email, gemsVersion: { $lt: version } }, { $set: { gems: balance, gemsVersion: version } });
        if (byId.modifiedCount) {
          directory.patch(email, { gems: balance });
          return true;
        }
      }
      try {
        const result = await User.updateOne(
          { email, gemsVersion: { $lt: version } },
          { $set: { gems: balance, gemsVersion: version }, $setOnInsert: { role: 'user', name: '', img: '', created_At: now() } },
          { upsert: true },
        );
        if (result.upsertedId) directory.put({ _id: String(result.upsertedId), name: '', email, role: 'user', gems: balance, img: '' });
        else if (result.modifiedCount) directory.patch(email, { gems: balance });
        return result.modifiedCount + result.upsertedCount > 0;
      } catch (err) {
        if (isDuplicateKey(err)) return false; // the record holds a newer (or the same) version
        throw err;
      }
    },

    /** Erasure: the record goes (with any events it had not sent yet), and the directory forgets it. */
    async removeByEmail(email: string): Promise<void> {
      await User.deleteOne({ email });
      directory.remove(email);
    },

    async seed(users: { email: string; name: string; role: Role; img: string }[]): Promise<void> {
      for (const { email, name, role, img } of users) {
        await User.updateOne(
          { email },
          { $setOnInsert: { name, role, img, gems: 0, gemsVersion: 0, created_At: now() } },
          { upsert: true },
        );
      }
    },
  };
}

export type UsersStore = ReturnType<typeof createUsersStore>;
