import { useState } from 'react';
import { messages } from '../../messages';
import type { Review } from '../../api/public-api';
import { CARD_GAP_PX, CARD_WIDTH_PX, carouselWindow, wrap } from './carousel-window';

export function ReviewCarousel({ reviews }: { reviews: Review[] }) {
  const [current, setCurrent] = useState(0);
  const count = reviews.length;
  const cards = carouselWindow(current, count);
  const move = (step: number) => setCurrent((c) => wrap(c + step, count));

  return (
    <div className="pub-carousel" aria-roledescription="carousel">
      <div className="pub-carousel-track" style={{ gap: CARD_GAP_PX }}>
        {cards.map(({ index, offset, place }) => {
          const review = reviews[index]!;
          return (
            <article
              key={`${index}:${offset}`}
              className={`pub-review-card is-${place}`}
              data-offset={offset}
              style={{ width: CARD_WIDTH_PX }}
              aria-hidden={place !== 'center'}
              aria-label={place === 'center' ? `${index + 1} / ${count}` : undefined}
            >
              <p className="pub-review-message">“{review.message}”</p>
              <p className="pub-review-name">{review.name?.trim() || messages.reviews.anonymous}</p>
              {review.title && <p className="pub-review-title">{review.title}</p>}
            </article>
          );
        })}
      </div>
      <div className="pub-carousel-controls">
        <button type="button" className="pub-round-btn" aria-label={messages.reviews.previous} onClick={() => move(-1)}>
          ‹
        </button>
        <div className="pub-dots">
          {reviews.map((review, index) => (
            <button
              key={review._id ?? index}
              type="button"
              className={`pub-dot${index === current ? ' is-active' : ''}`}
              aria-label={messages.reviews.goTo(index + 1)}
              aria-current={index === current}
              onClick={() => setCurrent(index)}
            />
          ))}
        </div>
        <button type="button" className="pub-round-btn" aria-label={messages.reviews.next} onClick={() => move(1)}>
          ›
        </button>
      </div>
    </div>
  );
}
