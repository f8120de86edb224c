import { priceOf, publicImageUrl } from '../src/domain/gift';
import { deliveryBodySchema, idempotencyKeySchema, redeemBodySchema } from '../src/entry-points/http/schemas';
import { messages } from '../src/messages';
import catalog from '../src/data/Gift.json';

const address = { name: ' Lina ', phone: '123', address1: 'Main St 1', city: 'Town', postalCode: '1000' };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('redeem body schema', () => {
  it('when the client sends email, cost and names, then they are dropped and the address is trimmed', () => {
    const parsed = redeemBodySchema.parse({ giftId: 'crayons', address, email: 'x@y.z', cost: 1, giftName: 'x', createdAt: 'now' });
    expect(parsed).toEqual({ giftId: 'crayons', address: { ...address, name: 'Lina' } });
  });

  it.each(['name', 'phone', 'address1', 'city', 'postalCode'])('when %s is missing or blank, then the message asks to fill all required fields', (field) => {
    for (const value of [undefined, '   ', 5, { $gt: '' }]) {
      const result = redeemBodySchema.safeParse({ giftId: 'crayons', address: { ...address, [field]: value } });
      expect(firstMessage(result)).toBe(messages.fillRequiredFields);
    }
  });

  it('when the address is missing, then the message asks to fill all required fields', () => {
    expect(firstMessage(redeemBodySchema.safeParse({ giftId: 'crayons' }))).toBe(messages.fillRequiredFields);
  });

  it('when giftId is an operator object, then it is refused', () => {
    expect(firstMessage(redeemBodySchema.safeParse({ giftId: { $gt: '' }, address }))).toBe(messages.giftIdRequired);
  });

  it('when a field is too long, then the message names it', () => {
    const result = redeemBodySchema.safeParse({ giftId: 'crayons', address: { ...address, notes: 'x'.repeat(501) } });
    expect(firstMessage(result)).toBe(messages.fieldTooLong('notes', 500));
  });

  it('when optional fields are null or empty, then they are dropped', () => {
    const parsed = redeemBodySchema.parse({ giftId: 7, address: { ...address, address2: null, notes: '' } });
    expect(parsed.giftId).toBe('7');
    expect(parsed.address.notes).toBeUndefined();
  });
});

describe('other inputs', () => {
  it('when deliveryStatus is not exactly true, then it is refused', () => {
    expect(deliveryBodySchema.safeParse({ deliveryStatus: true }).success).toBe(true);
    for (const body of [{}, { deliveryStatus: false }, { deliveryStatus: 'true' }]) {
      expect(firstMessage(deliveryBodySchema.safeParse(body))).toBe(messages.deliveryStatusMustBeTrue);
    }
  });

  it('when an Idempotency-Key has spaces or is too long, then it is refused', () => {
    expect(idempotencyKeySchema.safeParse('abc-123').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('a b').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('x'.repeat(101)).success).toBe(false);
  });
});

describe('catalog', () => {
  it('when the static list is read, then it has at least 8 gifts with unique ids, own images and one without a price', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(8);
    expect(new Set(catalog.map((g) => g.id)).size).toBe(catalog.length);
    expect(catalog.every((g) => g.img.startsWith('/assets/gifts/'))).toBe(true);
    expect(catalog.filter((g) => priceOf(g) === null).length).toBeGreaterThanOrEqual(1);
  });

  it('when an image path is made public, then it is absolute on the public origin; an absolute URL is kept', () => {
    expect(publicImageUrl('/assets/gifts/crayons.svg', 'http://localhost:4000')).toBe('http://localhost:4000/assets/gifts/crayons.svg');
    expect(publicImageUrl('/assets/gifts/crayons.svg', 'https://kids.example/')).toBe('https://kids.example/assets/gifts/crayons.svg');
    expect(publicImageUrl('https://cdn.example/x.svg', 'http://localhost:4000')).toBe('https://cdn.example/x.svg');
  });

  it.each([[undefined], [0], [-3], [Number.NaN], [Infinity]])('when cost is %p, then the price is not set', (cost) => {
    expect(priceOf({ cost })).toBeNull();
  });
});
