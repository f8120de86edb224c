import { announcedGems, gemsAnnouncement } from '../src/data-access/outcomes';

describe("quiz's outcome announcement", () => {
  it.each([
    ['gems:0', 0],
    ['gems:42', 42],
    ['1', null],
    ['gems:-1', null],
    ['gems:01', null],
    ['gems:1e3', null],
    ['gems:', null],
  ])('when the announcement is %p, then it carries %p', (message, gems) => {
    expect(announcedGems(message)).toBe(gems);
  });

  it('when a total is announced, then the same total is read back', () => {
    expect(announcedGems(gemsAnnouncement(17))).toBe(17);
  });
});
