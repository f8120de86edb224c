import { PENDING_SEARCH_MAX } from '@kidslearn/contracts';
import { literalPattern, PENDING_SEARCH_FIELDS } from '../src/domain/pending-search';
import { pendingPageQuerySchema } from '../src/entry-points/http/schemas';
import { messages } from '../src/messages';

describe("the admin's search of pending parcels", () => {
  it('when the text differs only in case, then it still matches, anywhere in the field', () => {
    expect(literalPattern('lina').test('Lina Learner')).toBe(true);
    expect(literalPattern('MATHTOWN').test('in Mathtown')).toBe(true);
    expect(literalPattern('sticker p').test('Sticker Pack')).toBe(true);
    expect(literalPattern('lina').test('Leo')).toBe(false);
  });

  it.each([
    ['.*', 'anything at all', '.*'],
    ['a+b', 'aab', 'a+b'],
    ['(a+)+$', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', 'x (a+)+$ y'],
    ['[a-z]', 'q', 'code [a-z]'],
    ['o.brien@', 'oxbrien@x.test', 'o.brien@x.test'],
    ['\\d', '7', 'back\\dslash'],
    ['^$|?{1}', '', 'odd ^$|?{1} name'],
  ])('when the text is %j, then it is matched literally, never as a pattern', (text, notMatched, matched) => {
    expect(literalPattern(text).test(notMatched)).toBe(false);
    expect(literalPattern(text).test(matched)).toBe(true);
  });

  it('when the fields searched are listed, then they are the gift, the recipient name, the city and the email', () => {
    expect(PENDING_SEARCH_FIELDS).toEqual(['giftName', 'address.name', 'address.city', 'email']);
  });
});

describe('the pending-list query', () => {
  it('when q is given, then it is trimmed, and a blank one is no search', () => {
    expect(pendingPageQuerySchema.parse({ q: '  Lina ' })).toMatchObject({ q: 'Lina', limit: 20 });
    expect(pendingPageQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
    expect(pendingPageQuerySchema.parse({}).q).toBeUndefined();
  });

  it.each([
    ['too long', 'x'.repeat(PENDING_SEARCH_MAX + 1)],
    ['repeated (an array)', ['a', 'b']],
    ['an operator object', { $ne: '' }],
  ])('when q is %s, then it is refused with a message that says why', (_case, q) => {
    const result = pendingPageQuerySchema.safeParse({ q });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.badSearch(PENDING_SEARCH_MAX));
  });

  it('when q is exactly the longest allowed, then it is accepted', () => {
    expect(pendingPageQuerySchema.parse({ q: 'x'.repeat(PENDING_SEARCH_MAX) }).q).toHaveLength(PENDING_SEARCH_MAX);
  });
});
