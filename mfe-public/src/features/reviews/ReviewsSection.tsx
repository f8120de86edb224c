import { messages } from '../../messages';
import { usePublic } from '../../api/public-api';
import { Spinner } from '@kidslearn/kit/ui';
import { ReviewCarousel } from './ReviewCarousel';

/** SPEC §4 review list: loading (spinner), error, empty, populated. */
export function ReviewsSection() {
  const { api } = usePublic();
  const { data, isLoading, isError } = api.useGetReviewsQuery();
  let body;
  if (isLoading) body = <Spinner label={messages.loading} />;
  else if (isError) body = <p className="pub-error" role="alert">{messages.reviews.loadFailed}</p>;
  else if (!data || data.length === 0) body = <p className="pub-empty">{messages.reviews.empty}</p>;
  else body = <ReviewCarousel reviews={data} />;
  return (
    <section className="pub-section pub-reviews" aria-labelledby="reviews">
      <h2 id="reviews">{messages.reviews.heading}</h2>
      {body}
    </section>
  );
}
