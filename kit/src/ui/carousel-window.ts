export type CardPlace = 'center' | 'near' | 'far';

export interface WindowCard {
  index: number;
  offset: number;
  place: CardPlace;
}

export const CARD_WIDTH_PX = 350;
export const CARD_GAP_PX = 16;
const OFFSETS = [-2, -1, 0, 1, 2];

export const wrap = (index: number, count: number) => ((index % count) + count) % count;

/**
 * SPEC §4: the five cards around `current` (offsets -2..+2), wrapping at both ends.
 * With fewer than five reviews each review appears once, at its nearest offset.
 */
export function carouselWindow(current: number, count: number): WindowCard[] {
  if (count <= 0) return [];
  const seen = new Set<number>();
  const byDistance = [...OFFSETS].sort((a, b) => Math.abs(a) - Math.abs(b) || a - b);
  const cards: WindowCard[] = [];
  for (const offset of byDistance) {
    const index = wrap(current + offset, count);
    if (seen.has(index)) continue;
    seen.add(index);
    cards.push({ index, offset, place: offset === 0 ? 'center' : Math.abs(offset) === 1 ? 'near' : 'far' });
  }
  return cards.sort((a, b) => a.offset - b.offset);
}
