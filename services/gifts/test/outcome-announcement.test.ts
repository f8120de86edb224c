import { announcedOutcome } from '../src/data-access/outcome-channel';

describe("gifts' outcome announcement", () => {
  it.each([
    [JSON.stringify({ status: 'pending-delivery', balance: 12 }), { status: 'pending-delivery', balance: 12 }],
    [JSON.stringify({ status: 'rejected', balance: 0 }), { status: 'rejected', balance: 0 }],
    [JSON.stringify({ status: 'awaiting-parent', balance: 7 }), { status: 'awaiting-parent', balance: 7 }],
    [JSON.stringify({ status: 'declined', balance: 1 }), null],
    ['settled', null],
    [JSON.stringify({ status: 'delivered', balance: 1 }), null],
    [JSON.stringify({ status: 'rejected', balance: -1 }), null],
    ['{', null],
  ])('when the announcement is %s, then it carries %p', (message, outcome) => {
    expect(announcedOutcome(message)).toEqual(outcome);
  });
});
