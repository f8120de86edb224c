import { useState } from 'react';
import { PENDING_SEARCH_MAX } from '@kidslearn/contracts';
import { useFeedback } from '@kidslearn/kit/platform';
import { Button, Spinner, Table, TextField } from '@kidslearn/kit/ui';
import type { PendingParcel } from '../../api/admin-api';
import { useAdminApi } from '../../api/admin-api';
import { messages } from '../../messages';
import { oneLineAddress } from './parcel-text';
import { useDebouncedValue } from './useDebouncedValue';

const m = messages.parcels;

/** How long the typing must pause before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

const loadError = (error: unknown) => {
  const data = (error as { data?: { error?: unknown; message?: unknown } })?.data;
  const text = typeof data?.error === 'string' ? data.error : typeof data?.message === 'string' ? data.message : '';
  return text || m.loadFailed;
};

/**
 * SPEC §2 redem-pending: the pending parcels, oldest first, a page at a time ('Load more'; cards on small
 * screens, a table on wide ones). The server searches all of them (a school has thousands), and 'Load more'
 * continues that search. Delivered is applied at once and rolled back if the server refuses; it is final, and
 * delivering twice changes nothing.
 */
export function PendingParcelsPage() {
  const api = useAdminApi();
  const feedback = useFeedback();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const parcels = api.useAdminPendingParcelsInfiniteQuery(query);
  const [markDelivered] = api.useAdminMarkDeliveredMutation();
  const [delivered, setDelivered] = useState<ReadonlySet<string>>(new Set());

  const deliver = async (parcel: PendingParcel) => {
    if (!(await feedback.confirm({ title: m.confirm }))) return;
    setDelivered((ids) => new Set(ids).add(parcel._id));
    try {
      await markDelivered(parcel._id).unwrap();
      feedback.toast({ text: m.success, icon: 'success' });
    } catch (error) {
      console.error('Marking the parcel delivered failed', error);
      setDelivered((ids) => {
        const back = new Set(ids);
        back.delete(parcel._id);
        return back;
      });
      feedback.toast({ text: m.failure, icon: 'error' });
    }
  };

  const pages = parcels.data?.pages ?? [];
  const listed = pages.flatMap((page) => page.items);
  const shown = listed.filter((parcel) => !delivered.has(parcel._id));
  // The server's counts (all pending, and those the search finds), not only the pages loaded so far. A parcel
  // delivered here is taken off only while the answer that counted it still lists it: after a Refresh it is in
  // neither.
  const deliveredHere = listed.length - shown.length;
  const total = Math.max((pages[0]?.total ?? 0) - deliveredHere, shown.length);
  const matches = Math.max((pages[0]?.matches ?? 0) - deliveredHere, shown.length);
  return (
    <section aria-labelledby="adm-parcels">
      <h1 id="adm-parcels">{m.heading}</h1>
      <div className="adm-toolbar">
        <TextField label={m.search} type="search" maxLength={PENDING_SEARCH_MAX} value={search} onChange={(event) => setSearch(event.target.value)} />
        <Button variant="outline" busy={parcels.isFetching} onClick={() => void parcels.refetch()}>
          {m.refresh}
        </Button>
      </div>
      {parcels.isLoading && <Spinner label={messages.loading} />}
      {parcels.isError && (
        <p className="adm-error" role="alert">
          {loadError(parcels.error)}
        </p>
      )}
      {parcels.data && (
        <>
          <p aria-live="polite">{m.count(shown.length, matches)}</p>
          {total === 0 ? (
            <p className="adm-empty">{m.empty}</p>
          ) : (
            <Table<PendingParcel>
              caption={m.caption}
              rows={shown}
              rowKey={(parcel) => parcel._id}
              columns={[
                { key: 'gift', header: m.gift, render: (parcel) => parcel.giftName },
                { key: 'recipient', header: m.recipient, render: (parcel) => `${parcel.address.name} (${parcel.address.phone})` },
                { key: 'address', header: m.address, render: (parcel) => oneLineAddress(parcel.address) },
                { key: 'cost', header: m.cost, render: (parcel) => m.gems(parcel.cost) },
                { key: 'email', header: m.userEmail, render: (parcel) => parcel.email, breakAnywhere: true },
                { key: 'requested', header: m.requested, render: (parcel) => new Date(parcel.createdAt).toLocaleString() },
                {
                  key: 'action',
                  header: m.action,
                  render: (parcel) => (
                    <Button variant="primary" aria-label={m.markDelivered(parcel.giftName, parcel.address.name)} onClick={() => void deliver(parcel)}>
                      {m.delivered}
                    </Button>
                  ),
                },
              ]}
            />
          )}
          {parcels.hasNextPage && (
            <Button variant="outline" busy={parcels.isFetchingNextPage} onClick={() => void parcels.fetchNextPage()}>
              {m.loadMore}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
