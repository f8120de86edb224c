import { weekDayIndex } from './week-day';

describe('weekDayIndex', () => {
  it.each([
    ['2026-03-02', 0],
    ['2026-03-04', 2],
    ['2026-03-08', 6],
  ])('when the day is %s, then its place in the week (Monday first) is %i', (day, index) => {
    expect(weekDayIndex(day)).toBe(index);
  });

  it('when the text is not a day, then it has no place', () => {
    expect(weekDayIndex('yesterday')).toBeUndefined();
    expect(weekDayIndex('2026-13-40')).toBeUndefined();
  });
});
