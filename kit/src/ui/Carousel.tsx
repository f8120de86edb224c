import { useState, type ReactNode } from 'react';
import { cx } from './cx';
import { CARD_GAP_PX, CARD_WIDTH_PX, carouselWindow, wrap, type CardPlace } from './carousel-window';

export interface CarouselLabels {
  previous: string;
  next: string;
  goTo: (position: number) => string;
  /** Announced after each move, e.g. "Review 2 of 5". */
  position: (position: number, count: number) => string;
}

const defaultLabels: CarouselLabels = {
  previous: 'Previous',
  next: 'Next',
  goTo: (position) => `Go to item ${position}`,
  position: (position, count) => `Item ${position} of ${count}`,
};

export interface CarouselProps<Item> {
  items: Item[];
  itemKey: (item: Item, index: number) => string;
  renderItem: (item: Item, place: CardPlace) => ReactNode;
  /** The carousel's accessible name. */
  label: string;
  labels?: Partial<CarouselLabels>;
  cardWidth?: number;
  className?: string;
}

/**
 * SPEC §4: five cards around the current one, wrapping at both ends; previous/next move one step;
 * dots show the position. Cards keep their key while they move, so their transitions run.
 */
export function Carousel<Item>({ items, itemKey, renderItem, label, labels, cardWidth = CARD_WIDTH_PX, className }: CarouselProps<Item>) {
  const text = { ...defaultLabels, ...labels };
  const [current, setCurrent] = useState(0);
  const count = items.length;
  const move = (step: number) => setCurrent((index) => wrap(index + step, count));
  return (
    <section className={cx('kl-carousel', className)} aria-roledescription="carousel" aria-label={label}>
      <div className="kl-carousel__track" style={{ gap: CARD_GAP_PX }}>
        {carouselWindow(current, count).map(({ index, offset, place }) => (
          <div
            key={itemKey(items[index]!, index)}
            className={`kl-carousel__slide is-${place}`}
            data-offset={offset}
            style={{ width: cardWidth, order: offset }}
            role="group"
            aria-roledescription="slide"
            aria-label={text.position(index + 1, count)}
            aria-hidden={place !== 'center'}
          >
            {renderItem(items[index]!, place)}
          </div>
        ))}
      </div>
      <p className="kl-visually-hidden" aria-live="polite">
        {count > 0 ? text.position(current + 1, count) : ''}
      </p>
      {count > 1 && (
        <div className="kl-carousel__controls">
          <button type="button" className="kl-btn kl-btn--outline" aria-label={text.previous} onClick={() => move(-1)}>
            ‹
          </button>
          <ul className="kl-carousel__dots">
            {items.map((item, index) => (
              <li key={itemKey(item, index)}>
                <button type="button" className="kl-carousel__dot" aria-label={text.goTo(index + 1)} aria-current={index === current} onClick={() => setCurrent(index)} />
              </li>
            ))}
          </ul>
          <button type="button" className="kl-btn kl-btn--outline" aria-label={text.next} onClick={() => move(1)}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}
