import { parseGemCap } from './gem-cap';
import { isStrongPassword } from './password-rule';
import { serverMessage, statusOf } from './server-error';

describe('the family area’s rules', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['0', 0],
    [' 30 ', 30],
    ['2.5', undefined],
    ['-3', undefined],
    ['1e3', undefined],
    ['abc', undefined],
    ['99999999999999999999', undefined],
  ])('when the monthly gem limit is typed as %j, then it is %p (null: no limit; undefined: invalid)', (typed, cap) => {
    expect(parseGemCap(typed)).toBe(cap);
  });

  it.each([
    ['Parent123', true],
    ['Parent12', true],
    ['Paren12', false],
    ['parent123', false],
    ['PARENT123', false],
    ['ParentAbc', false],
  ])('when the password is %s, then the registration rule says %p', (password, ok) => {
    expect(isStrongPassword(password)).toBe(ok);
  });

  it('when a call fails, then its message is the server’s (message, else error), else the fallback; its status a number or nothing', () => {
    expect(serverMessage({ status: 400, data: { error: 'e', message: 'm' } }, 'f')).toBe('m');
    expect(serverMessage({ status: 400, data: { error: 'e' } }, 'f')).toBe('e');
    expect(serverMessage({ status: 'FETCH_ERROR', error: 'TypeError' }, 'f')).toBe('f');
    expect(statusOf({ status: 404 })).toBe(404);
    expect(statusOf({ status: 'FETCH_ERROR' })).toBeUndefined();
  });
});
