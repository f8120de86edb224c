import { checkRegistration, splitName } from '../src/domain/registration';
import { detectImageType } from '../src/domain/photo';
import { messages } from '../src/messages';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const photo = { buffer: png, size: png.length };
const fields = { name: 'Rita Reader', email: 'Rita@Example.test', password: 'Secret123', terms: 'true' };
const m = messages.registration;

const messageFor = (input: Parameters<typeof checkRegistration>[0]) => {
  const result = checkRegistration(input);
  return result.ok ? null : result.message;
};

describe('registration rules', () => {
  it('when everything is valid, then the email is lower-cased and the photo type detected', () => {
    const result = checkRegistration({ fields, photo });
    expect(result).toMatchObject({ ok: true, value: { email: 'rita@example.test', name: 'Rita Reader', photo: { contentType: 'image/png' } } });
  });

  it.each([
    ['there is no photo', { fields }, m.photoRequired],
    ['the photo is not an image', { fields, photo: { buffer: Buffer.from('<svg/>'), size: 6 } }, m.photoType],
    ['the photo is over 2 MB', { fields, photo: { buffer: png, size: 3 * 1024 * 1024 } }, m.photoTooLarge],
    ['terms are not ticked', { fields: { ...fields, terms: undefined }, photo }, m.termsRequired],
    ['terms are "false"', { fields: { ...fields, terms: 'false' }, photo }, m.termsRequired],
    ['the password is short', { fields: { ...fields, password: 'Ab1' }, photo }, m.passwordRule],
    ['the password has no digit', { fields: { ...fields, password: 'Abcdefghi' }, photo }, m.passwordRule],
    ['the password has no upper-case letter', { fields: { ...fields, password: 'abcdefgh1' }, photo }, m.passwordRule],
    ['the name is blank', { fields: { ...fields, name: '  ' }, photo }, m.nameRequired],
    ['the email is invalid', { fields: { ...fields, email: 'nope' }, photo }, m.emailInvalid],
    ['the email is an operator object', { fields: { ...fields, email: { $gt: '' } }, photo }, m.emailInvalid],
  ])('when %s, then the SPEC message is answered', (_case, input, message) => {
    expect(messageFor(input as never)).toBe(message);
  });

  it('when a name has several words, then the first is the first name', () => {
    expect(splitName(' Rita  Rose Reader ')).toEqual({ firstName: 'Rita', lastName: 'Rose Reader' });
    expect(splitName('Rita')).toEqual({ firstName: 'Rita', lastName: '' });
  });
});

describe('image type by magic bytes', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[...Buffer.from('GIF89a')], 'image/gif'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')], 'image/webp'],
    [[...Buffer.from('<html>')], null],
  ])('when the bytes start with %j, then the type is %s', (bytes, type) => {
    expect(detectImageType(Buffer.from(bytes))).toBe(type);
  });
});
