import type { Model } from 'mongoose';
import { createEvent } from '@kidslearn/contracts';
import { isDuplicateKeyError, type Outbox } from '@kidslearn/lib-mongo';
import type { Broadcast } from '@kidslearn/lib-redis';
import type { UsersStore } from '../domain/ports';
import type { Role, UserView } from '../domain/user';
import type { UserDoc } from './models';
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
const profileChanged = (email: string, name: string) => createEvent('user.profile.changed', { email, name });

const INTERNAL = { outbox: 0, processedEventIds: 0, gemsVersion: 0, photoUrl: 0, outboxPending: 0, outboxLastId: 0 } as const;

export interface UsersStoreOptions {
  /** Tells the other instances which record changed, and hears theirs: their directories stay current. */
  changes?: Broadcast;
  directoryMaxAgeMs?: number;
  onDirectoryError?: (error: unknown) => void;
}

/** Users in content's database (`users`), through their outbox (`user.profile.changed` rides with the name). */
export function createUsersStore(outbox: Outbox<UserDoc>, options: UsersStoreOptions = {}) {
  const User: Model<UserDoc> = outbox.model;
  const now = () => new Date().toISOString();
  const directory = createUsersDirectory({
    load: async () => (await User.find({}, INTERNAL).lean()).map((doc) => toUserView(doc as UserLike)),
    maxAgeMs: options.directoryMaxAgeMs,
    onReloadError: options.onDirectoryError,
  });
  const findById = async (id: string) => {
    const doc = await User.findById(id, INTERNAL).lean();
    return doc ? toUserView(doc as UserLike) : null;
  };

  // Another instance changed a record: read it again (a removed one is forgotten). One read per record at a
  // time; a change heard while it runs reads once more after it, so the last read starts after the last change.
  const refreshing = new Map<string, { again: boolean }>();
  const refresh = async (id: string): Promise<void> => {
    const running = refreshing.get(id);
    if (running) return void (running.again = true);
    const state = { again: true };
    refreshing.set(id, state);
    try {
      while (state.again) {
        state.again = false;
        const view = await findById(id);
        if (view) directory.put(view);
        else directory.removeById(id);
      }
    } finally {
      refreshing.delete(id);
    }
  };
  const changed = (view: UserView | null) => {
    if (!view) return;
    directory.put(view);
    void options.changes?.publish(view._id);
  };

  const store: UsersStore = {
    async findByEmail(email) {
      const doc = await User.findOne({ email }, INTERNAL).lean();
      return doc ? toUserView(doc as UserLike) : null;
    },

    findById,

    async photoUrlOf(email) {
      const doc = await User.findOne({ email }, { photoUrl: 1 }).lean();
      return doc?.photoUrl ?? null;
    },

    async list() {
      const docs = await User.find({}, INTERNAL).sort({ created_At: 1, _id: 1 }).lean();
      return docs.map((doc) => toUserView(doc as UserLike));
    },

    page: (query) => directory.page(query),
    counts: () => directory.counts(),

    /**
     * After sign-in: create or refresh the caller's own record. Gems start at 0 and are only ever
     * changed by gems events; the picture is only taken the first time (later changes go through
     * the avatar route).
     */
    async upsertOnSignIn({ email, name, role, img }) {
      const stamp = now();
      const onInsert: Record<string, unknown> = { gems: 0, gemsVersion: 0, created_At: stamp, img: img ?? '' };
      if (img) onInsert.photoUrl = img;
      const set: Record<string, unknown> = { role, last_log_in: stamp };
      if (name) set.name = name;
      else onInsert.name = '';
      const write = () => outbox.update({ email }, { $set: set, $setOnInsert: onInsert }, name ? [profileChanged(email, name)] : [], { upsert: true });
      let result;
      try {
        result = await write();
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        result = await write(); // two first sign-ins raced: the second one now updates
      }
      const user = await findById(String(result.id));
      if (!user) throw new Error('a user record vanished right after it was written');
      changed(user);
      return { user, created: result.created };
    },

    async createRegistered(email, name, photoUrl) {
      const { id } = await outbox.update(
        { email },
        { $set: { name, img: photoUrl, photoUrl }, $setOnInsert: { role: 'user', gems: 0, gemsVersion: 0, created_At: now() } },
        [profileChanged(email, name)],
        { upsert: true },
      );
      changed(await findById(String(id)));
    },

    async setAvatar(email, img) {
      const matched = await User.findOneAndUpdate({ email }, { $set: { img } }, { new: true }).lean();
      if (!matched) return null;
      const user = toUserView(matched as UserLike);
      changed(user);
      return user;
    },

    async setRole(id, _email, role) {
      await User.updateOne({ _id: id }, { $set: { role } });
      const user = await findById(id);
      changed(user);
      return user;
    },

    /**
     * gems.balance.changed: the higher version wins, so redelivered or out-of-order events change
     * nothing. A user not known yet gets a minimal record that sign-in completes later.
     */
    async applyGemsBalance(email, balance, version) {
      // By record id when the directory knows the user: the local database pushes down only `_id`, so a write by
      // email reads every user record, on every gem change. The email and the version are in the filter, so a
      // wrong or stale id (a cache) matches nothing and the write by email below decides.
      const id = directory.idOf(email);
      if (id) {
        const byId = await User.updateOne({ _id: id, email, gemsVersion: { $lt: version } }, { $set: { gems: balance, gemsVersion: version } });
        if (byId.modifiedCount) {
          directory.patch(email, { gems: balance });
          void options.changes?.publish(id);
          return 'changed';
        }
      }
      try {
        const doc = await User.findOneAndUpdate(
          { email, gemsVersion: { $lt: version } },
          { $set: { gems: balance, gemsVersion: version }, $setOnInsert: { role: 'user', name: '', img: '', created_At: now() } },
          { upsert: true, new: true },
        ).lean();
        if (!doc) return 'stale';
        changed(toUserView(doc as UserLike));
        // An upsert: it may have made the record (the database's answer does not say which here).
        return 'created';
      } catch (err) {
        if (isDuplicateKeyError(err)) return 'stale'; // the record holds a newer (or the same) version
        throw err;
      }
    },

    async removeByEmail(email) {
      const doc = await User.findOneAndDelete({ email }).lean();
      directory.remove(email);
      if (doc) void options.changes?.publish(String(doc._id));
    },
  };

  return {
    ...store,
    /** Starts the directory's first load in the background and listens to the other instances' changes. */
    async startDirectory(): Promise<void> {
      directory.warm();
      await options.changes?.subscribe((id) => void refresh(id).catch((error: unknown) => options.onDirectoryError?.(error)));
    },
    async seed(users: { email: string; name: string; role: Role; img: string }[]): Promise<void> {
      for (const { email, name, role, img } of users) {
        await User.updateOne({ email }, { $setOnInsert: { name, role, img, gems: 0, gemsVersion: 0, created_At: now() } }, { upsert: true });
      }
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersStore>;
