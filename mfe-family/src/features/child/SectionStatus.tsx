import { Button, Spinner } from '@kidslearn/kit/ui';
import { statusOf } from '../../domain/server-error';
import { messages } from '../../messages';

interface QueryLike {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A section's data not being there yet: a 404 reads as "nothing yet" (a service may learn of a new link a moment
 * after the consent), so only other failures are shown, with Try again.
 */
export const isMissing = (query: QueryLike) => query.isError && statusOf(query.error) === 404;

export function SectionStatus({ query }: { query: QueryLike }) {
  if (query.isLoading) return <Spinner label={messages.loading} />;
  if (!query.isError || isMissing(query)) return null;
  return (
    <div className="fam-note" role="alert">
      <p>{messages.child.loadFailed}</p>
      <Button variant="outline" onClick={() => void query.refetch()}>
        {messages.retry}
      </Button>
    </div>
  );
}
