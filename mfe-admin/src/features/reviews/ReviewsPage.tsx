import { useState } from 'react';
import { useFeedback } from '@kidslearn/kit/platform';
import { Badge, Button, Spinner, Table } from '@kidslearn/kit/ui';
import type { AdminReview } from '../../api/admin-api';
import { useAdminApi } from '../../api/admin-api';
import { messages } from '../../messages';

const m = messages.reviews;
const PAGE_SIZE = 20;

const when = (review: AdminReview) => new Date(review.createdAt).toLocaleString();
const holdReason = (review: AdminReview) => (review.flagged && review.flagReason ? m.reasons[review.flagReason] : undefined);

function Status({ review }: { review: AdminReview }) {
  const reason = holdReason(review);
  return (
    <>
      {!review.hidden ? <Badge tone="success">{m.shown}</Badge> : review.flagged ? <Badge tone="warning">{m.held}</Badge> : <Badge>{m.hidden}</Badge>}
      {reason && <span className="adm-note adm-block-note">{reason}</span>}
    </>
  );
}

/**
 * Beyond SPEC: the landing page's reviews, newest first and paged on the server, hidden ones included.
 * Hide takes a review off the landing page at once; Show puts it back (after a confirmation when the
 * blocklist held it back). The list reloads after each change.
 */
export function ReviewsPage() {
  const api = useAdminApi();
  const feedback = useFeedback();
  const [page, setPage] = useState(1);
  const reviews = api.useAdminReviewsQuery({ page, limit: PAGE_SIZE });
  const [setHidden] = api.useAdminSetReviewHiddenMutation();
  const [changing, setChanging] = useState<string | null>(null);

  const change = async (review: AdminReview) => {
    const hide = !review.hidden;
    if (!hide && review.flagged && !(await feedback.confirm({ title: m.confirmShow, text: holdReason(review) }))) return;
    setChanging(review._id);
    try {
      await setHidden({ id: review._id, hidden: hide }).unwrap();
      feedback.toast({ text: hide ? m.hiddenDone : m.shownDone, icon: 'success' });
    } catch (error) {
      console.error('Changing the review failed', error);
      feedback.toast({ text: m.failure, icon: 'error' });
    } finally {
      setChanging(null);
    }
  };

  const data = reviews.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="adm-reviews">
      <h1 id="adm-reviews">{m.heading}</h1>
      <p className="adm-tip">{m.intro}</p>
      {reviews.isError ? (
        <p className="adm-error" role="alert">
          {m.loadFailed}
        </p>
      ) : !data ? (
        <Spinner label={messages.loading} />
      ) : data.items.length === 0 ? (
        <p className="adm-empty">{m.empty}</p>
      ) : (
        <Table<AdminReview>
          caption={m.caption}
          rows={data.items}
          rowKey={(review) => review._id}
          columns={[
            { key: 'date', header: m.date, render: when },
            { key: 'name', header: m.name, render: (review) => review.name },
            { key: 'title', header: m.title, render: (review) => review.title },
            { key: 'message', header: m.message, render: (review) => review.message, breakAnywhere: true },
            { key: 'status', header: m.status, render: (review) => <Status review={review} /> },
            {
              key: 'action',
              header: m.action,
              render: (review) => (
                <Button
                  variant={review.hidden ? 'primary' : 'danger'}
                  aria-label={(review.hidden ? m.showLabel : m.hideLabel)(review.name, when(review))}
                  busy={changing === review._id || (changing === null && reviews.isFetching)}
                  onClick={() => void change(review)}
                >
                  {review.hidden ? m.show : m.hide}
                </Button>
              ),
            },
          ]}
        />
      )}
      {data && data.total > 0 && (
        <div className="adm-pager">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {m.previous}
          </Button>
          <span aria-live="polite">{m.pageOf(page, pages, data.total)}</span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {m.next}
          </Button>
        </div>
      )}
    </section>
  );
}
