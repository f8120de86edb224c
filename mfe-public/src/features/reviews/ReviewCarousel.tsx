import { Carousel } from '@kidslearn/kit/ui';
import { messages } from '../../messages';
import type { Review } from '../../api/public-api';

/** SPEC §4 reviews carousel, on the kit's carousel (five cards around the current one, wrapping). */
export function ReviewCarousel({ reviews }: { reviews: Review[] }) {
  return (
    <Carousel
      items={reviews}
      itemKey={(review, index) => review._id ?? String(index)}
      label={messages.reviews.heading}
      labels={{ previous: messages.reviews.previous, next: messages.reviews.next, goTo: messages.reviews.goTo, position: messages.reviews.position }}
      renderItem={(review, place) => (
        <article className={`pub-review-card is-${place}`}>
          <p className="pub-review-message">“{review.message}”</p>
          <p className="pub-review-name">{review.name?.trim() || messages.reviews.anonymous}</p>
          {review.title && <p className="pub-review-title">{review.title}</p>}
        </article>
      )}
    />
  );
}
