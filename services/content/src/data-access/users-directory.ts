import type { UserView } from '../domain/user';

/**
 * The admin's user directory: every user's view kept in email order in memory, so a page, a prefix
 * search and the counts cost microseconds instead of a collection scan per request.
 *
 * A cache, never the basis of a write: it is filled by a load of the collection and kept current by the
 * changes (this instance's own writes, and every other instance's through the users-changed broadcast,
 * users-store.ts); a reload after `maxAgeMs` (served stale while it runs) bounds the age of anything a lost
 * message left behind. Why in memory: the local database (FerretDB 1.x on SQLite) pushes down only `_id`, so
 * a sorted, skipped and counted query reads and decodes every user document (≈ 600 ms with 10 000 users).
 * A school's few thousand children are a few MB.
 */
export interface UsersDirectory {
  page(query: { page: number; limit: number; search?: string }): Promise<{ items: UserView[]; total: number }>;
  counts(): Promise<{ totalUsers: number; totalAdmin: number }>;
  /** Starts the first load in the background (at service start), so no admin request waits for it. */
  warm(): void;
  /** Records a user's current view after this service wrote it (no-op until the directory is first loaded). */
  put(view: UserView): void;
  /** Changes fields of a known user (no-op for an unknown one: the next reload brings it). */
  patch(email: string, change: Partial<UserView>): void;
  /** The record id of a user it knows (never loads): lets a write by email go by id instead. */
  idOf(email: string): string | undefined;
  /** Forgets a user whose record this service deleted (an erasure), also against a reload under way. */
  remove(email: string): void;
  /** Forgets the user with this record id (another instance deleted it). */
  removeById(id: string): void;
}

export interface UsersDirectoryOptions {
  /** Reads every user's view (in any order). */
  load: () => Promise<UserView[]>;
  maxAgeMs?: number;
  now?: () => number;
  onReloadError?: (error: unknown) => void;
}

/** MongoDB orders strings by their bytes; plain `<` on these ASCII-dominated emails matches it closely enough for paging. */
const byEmail = (a: UserView, b: UserView) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);

export function createUsersDirectory({ load, maxAgeMs = 60_000, now = Date.now, onReloadError }: UsersDirectoryOptions): UsersDirectory {
  let byKey = new Map<string, UserView>();
  let sorted: UserView[] | undefined;
  let loadedAt = 0;
  let reloading: Promise<void> | undefined;
  /** Emails written while a reload reads the database: the written view wins over the read one. */
  let writtenDuringReload: Set<string> | undefined;
  /** Emails removed while a reload reads the database: the read view (from before the removal) is dropped. */
  let removedDuringReload: Set<string> | undefined;

  const reload = (): Promise<void> => {
    reloading ??= (async () => {
      writtenDuringReload = new Set();
      removedDuringReload = new Set();
      try {
        const loaded = new Map((await load()).map((view) => [view.email, view]));
        for (const email of writtenDuringReload) {
          const written = byKey.get(email);
          if (written) loaded.set(email, written);
        }
        for (const email of removedDuringReload) if (!byKey.has(email)) loaded.delete(email);
        byKey = loaded;
        sorted = undefined;
        loadedAt = now();
      } finally {
        writtenDuringReload = undefined;
        removedDuringReload = undefined;
        reloading = undefined;
      }
    })();
    return reloading;
  };

  const ready = async (): Promise<UserView[]> => {
    if (loadedAt === 0) await reload();
    else if (now() - loadedAt > maxAgeMs && !reloading) reload().catch((error: unknown) => onReloadError?.(error));
    sorted ??= [...byKey.values()].sort(byEmail);
    return sorted;
  };

  const remember = (view: UserView) => {
    byKey.set(view.email, view);
    sorted = undefined;
    writtenDuringReload?.add(view.email);
  };

  return {
    async page({ page, limit, search }) {
      const all = await ready();
      const prefix = search?.toLowerCase();
      const matching = prefix ? all.filter((user) => user.email.toLowerCase().startsWith(prefix) || user.name.toLowerCase().startsWith(prefix)) : all;
      const start = (page - 1) * limit;
      return { items: matching.slice(start, start + limit), total: matching.length };
    },

    async counts() {
      const all = await ready();
      return { totalUsers: all.length, totalAdmin: all.filter((user) => user.role === 'admin').length };
    },

    warm() {
      if (loadedAt === 0) reload().catch((error: unknown) => onReloadError?.(error));
    },

    put(view) {
      if (loadedAt !== 0 || reloading) remember(view);
    },

    patch(email, change) {
      const known = byKey.get(email);
      if (known) remember({ ...known, ...change });
    },

    idOf(email) {
      return byKey.get(email)?._id;
    },

    remove(email) {
      byKey.delete(email);
      sorted = undefined;
      removedDuringReload?.add(email);
    },

    removeById(id) {
      for (const [email, view] of byKey) if (view._id === id) this.remove(email);
    },
  };
}
