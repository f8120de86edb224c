// The one owner of the gem balance the navbar shows: the gateway API's cache entry for GET /gems/{email}.
// Every app changes it only through this hook, never by writing cache entries by hand.
import { useCallback, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { usePlatform } from './PlatformProvider';
import type { RootState } from './store';

export interface GemBalance {
  /** undefined while unknown (signed out, or the first answer not in yet). */
  gems: number | undefined;
  /** Replaces the balance with a server's answer (e.g. a POST's returned total). */
  set(total: number): void;
  /** Changes the balance optimistically (never below 0); returns the rollback. */
  change(delta: number): () => void;
  /** Reads the balance again from the gems service. */
  refetch(): Promise<void>;
  /**
   * Reads the balance again until it shows a credit another service has announced (the gems service applies it
   * from an event, a moment after the answer that earned it), a few times with growing pauses; then it stops
   * and the last answer stands. Resolves whether the credit was seen.
   */
  awaitCredit(amount: number): Promise<boolean>;
}

/** The pauses before each read of awaitCredit (about 11 s in all: an event waits behind a busy broker). */
export const CREDIT_READ_PAUSES_MS = [0, 250, 500, 1000, 2000, 3000, 4000] as const;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const clampGems = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0);

export function useGemBalance(): GemBalance {
  const { api, store } = usePlatform();
  const email = useSelector((state: RootState) => state.session.user?.email);
  const query = api.useGetGemsQuery(email ?? skipToken);
  const gems = email ? query.data?.gems : undefined;

  const set = useCallback(
    (total: number) => {
      if (!email) return;
      store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getGems', arg: email, value: { email, gems: clampGems(total) } }]));
    },
    [api, store, email],
  );
  const change = useCallback(
    (delta: number) => {
      if (!email) return () => undefined;
      const patch = store.dispatch(
        api.util.updateQueryData('getGems', email, (draft) => {
          draft.gems = clampGems(draft.gems + delta);
        }),
      );
      return () => patch.undo();
    },
    [api, store, email],
  );
  const refetch = useCallback(async () => {
    if (!email) return;
    await store.dispatch(api.endpoints.getGems.initiate(email, { forceRefetch: true, subscribe: false }));
  }, [api, store, email]);

  const awaitCredit = useCallback(
    async (amount: number) => {
      if (!email) return false;
      const cached = api.endpoints.getGems.select(email)(store.getState() as RootState).data?.gems;
      if (cached === undefined) {
        await refetch();
        return false;
      }
      const expected = cached + amount;
      for (const ms of CREDIT_READ_PAUSES_MS) {
        if (ms > 0) await pause(ms);
        const read = await store.dispatch(api.endpoints.getGems.initiate(email, { forceRefetch: true, subscribe: false }));
        if (read.data && read.data.gems >= expected) return true;
      }
      return false;
    },
    [api, store, email, refetch],
  );

  return useMemo(() => ({ gems, set, change, refetch, awaitCredit }), [gems, set, change, refetch, awaitCredit]);
}
