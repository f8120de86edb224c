import { disabledReason, failureMessage, redeemProblem } from './redeem-rules';

const gift = { id: 'stickers', name: 'Sticker Pack', img: 'x', cost: 5 };
const address = { name: 'Lina', phone: '123', address1: '1 Main St', city: 'Town', postalCode: '12345' };

describe('redeem rules (SPEC §5)', () => {
  it.each([
    [false, 10, gift, 'loginFirst'],
    [true, 10, { ...gift, cost: 0 }, 'priceNotSet'],
    [true, 10, { ...gift, cost: undefined }, 'priceNotSet'],
    [true, 10, { ...gift, cost: Number.NaN }, 'priceNotSet'],
    [true, 4, gift, 'notEnoughGems'],
    [true, 5, gift, undefined],
    [true, undefined, gift, 'balanceLoading'],
    [true, undefined, { ...gift, cost: 0 }, 'priceNotSet'],
  ])('when signed in is %s with %s gems, then the Redeem button says %s', (signedIn, gems, item, reason) => {
    expect(disabledReason(item, signedIn, gems)).toBe(reason);
  });

  it.each([
    ['needed', 10, gift, 'parentFirst'],
    ['checking', 10, gift, 'parentLoading'],
    ['needed', undefined, gift, 'parentFirst'],
    ['needed', 10, { ...gift, cost: 0 }, 'priceNotSet'],
    ['ok', 10, gift, undefined],
  ] as const)('when a parent’s agreement is %s (%s gems), then the Redeem button says %s', (parent, gems, item, reason) => {
    expect(disabledReason(item, true, gems, parent)).toBe(reason);
    expect(disabledReason(item, false, gems, parent)).toBe('loginFirst');
  });

  it('when a required address field is blank, then it asks to fill all required fields; optional ones may be empty', () => {
    expect(redeemProblem(gift, true, 10, { ...address, city: '  ' })).toBe('Please fill all required fields.');
    expect(redeemProblem(gift, true, 10, { ...address, address2: '', notes: '' })).toBeUndefined();
    expect(redeemProblem(gift, false, 10, address)).toBe('Please log in to redeem gifts.');
    expect(redeemProblem({ ...gift, cost: -1 }, true, 10, address)).toBe("This gift doesn't have a price yet.");
    expect(redeemProblem(gift, true, 2, address)).toBe('Not enough gems to redeem this gift.');
  });

  it('when a redemption fails, then the message is the server error, else its message, else the fallback', () => {
    expect(failureMessage({ status: 400, data: { error: 'Not enough gems to redeem this gift.', message: 'x' } })).toBe('Not enough gems to redeem this gift.');
    expect(failureMessage({ status: 500, data: { message: 'Database down' } })).toBe('Database down');
    expect(failureMessage({ status: 'FETCH_ERROR' })).toBe('Redemption failed. Please try again.');
    expect(failureMessage({ status: 'FETCH_ERROR' }, 'Try again')).toBe('Try again');
  });
});
