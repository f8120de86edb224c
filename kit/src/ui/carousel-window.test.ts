import { carouselWindow } from './carousel-window';

describe('carousel window (SPEC §4)', () => {
  it('when there are many reviews, then exactly five cards show at offsets -2..+2', () => {
    const cards = carouselWindow(4, 10);
    expect(cards.map((c) => c.offset)).toEqual([-2, -1, 0, 1, 2]);
    expect(cards.map((c) => c.index)).toEqual([2, 3, 4, 5, 6]);
    expect(cards.map((c) => c.place)).toEqual(['far', 'near', 'center', 'near', 'far']);
  });

  it('when the current card is first or last, then the window wraps at both ends', () => {
    expect(carouselWindow(0, 7).map((c) => c.index)).toEqual([5, 6, 0, 1, 2]);
    expect(carouselWindow(6, 7).map((c) => c.index)).toEqual([4, 5, 6, 0, 1]);
  });

  it('when there are fewer than five reviews, then each shows once', () => {
    expect(carouselWindow(0, 3).map((c) => [c.index, c.offset])).toEqual([[2, -1], [0, 0], [1, 1]]);
    expect(carouselWindow(0, 0)).toEqual([]);
  });
});
