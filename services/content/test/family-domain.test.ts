import { consentMail } from '../src/domain/consent-mail';
import { hashInviteToken, isOpenInvitation, newInviteToken, settingsSchema, type FamilyLinkRecord } from '../src/domain/family';
import { canSeePhoto } from '../src/domain/photo-access';
import { checkRegistration } from '../src/domain/registration';
import { messages } from '../src/messages';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const form = (fields: Record<string, string>) => checkRegistration({ fields: { name: 'Kim Kid', email: 'kim@x.test', password: 'Secret123', terms: 'true', ...fields }, photo: { buffer: PNG, size: PNG.length } });

describe('families: the pure rules', () => {
  it('when a token is made, then only its hash is kept, and the same token always hashes the same', () => {
    const { token, hash } = newInviteToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain(token);
    expect(hashInviteToken(token)).toBe(hash);
    expect(newInviteToken().token).not.toBe(token);
  });

  it('when an invitation is answered or past its day, then it is not open', () => {
    const link = { status: 'invited', expiresAt: new Date('2026-12-01T00:00:00Z') } as FamilyLinkRecord;
    expect(isOpenInvitation(link, new Date('2026-11-30T23:59:59Z'))).toBe(true);
    expect(isOpenInvitation(link, new Date('2026-12-01T00:00:00Z'))).toBe(false);
    expect(isOpenInvitation({ ...link, status: 'consented' }, new Date('2026-11-01T00:00:00Z'))).toBe(false);
  });

  it('when a parent changes settings, then only a boolean and a whole cap from 0 to 100000 (or null) pass', () => {
    expect(settingsSchema.safeParse({ approveGifts: false, monthlyGemCap: 40 }).success).toBe(true);
    expect(settingsSchema.safeParse({ monthlyGemCap: null }).success).toBe(true);
    for (const bad of [{ monthlyGemCap: -1 }, { monthlyGemCap: 1.5 }, { monthlyGemCap: 100_001 }, { approveGifts: 'yes' }, { other: 1 }]) expect(settingsSchema.safeParse(bad).success).toBe(false);
  });

  it('when the registration names a parent, then the address is kept lower-cased; blank is no parent; a bad one or the child\'s own is refused after the SPEC checks', () => {
    expect(form({ parentEmail: ' Mum@X.test ' })).toMatchObject({ ok: true, value: { parentEmail: 'mum@x.test' } });
    const none = form({ parentEmail: '  ' });
    expect(none.ok && 'parentEmail' in none.value).toBe(false);
    expect(form({ parentEmail: 'mum' })).toEqual({ ok: false, message: messages.family.parentEmailInvalid });
    expect(form({ parentEmail: 'KIM@x.test' })).toEqual({ ok: false, message: messages.family.parentIsChild });
    expect(form({ parentEmail: 'mum', password: 'weak' })).toEqual({ ok: false, message: messages.registration.passwordRule });
  });

  it('when the photo is asked for, then the child, the parent who agreed and admins see it; where consent is required, admins only after it', () => {
    const child = 'kid@x.test';
    const none = { consentRequired: false, consentedParent: null };
    expect(canSeePhoto({ email: 'KID@x.test', isAdmin: false }, child, { consentRequired: true, consentedParent: null })).toBe(true);
    expect(canSeePhoto({ email: 'admin@x.test', isAdmin: true }, child, none)).toBe(true);
    expect(canSeePhoto({ email: 'admin@x.test', isAdmin: true }, child, { consentRequired: true, consentedParent: null })).toBe(false);
    expect(canSeePhoto({ email: 'admin@x.test', isAdmin: true }, child, { consentRequired: true, consentedParent: 'mum@x.test' })).toBe(true);
    expect(canSeePhoto({ email: 'mum@x.test', isAdmin: false }, child, { consentRequired: false, consentedParent: 'mum@x.test' })).toBe(true);
    expect(canSeePhoto({ email: 'dad@x.test', isAdmin: false }, child, { consentRequired: false, consentedParent: 'mum@x.test' })).toBe(false);
    expect(canSeePhoto({ email: 'other@x.test', isAdmin: false }, child, none)).toBe(false);
  });

  it('when the consent mail is written, then it names the child, the link and its last day, and escapes what the child typed', () => {
    const mail = consentMail('<b>Kim</b>', 'http://portal.test/family/consent?invite=abc&x=1', new Date('2026-12-11T10:00:00Z'));
    expect(mail.subject).toBe(messages.family.mailSubject('<b>Kim</b>'));
    expect(mail.text).toContain('http://portal.test/family/consent?invite=abc&x=1');
    expect(mail.text).toContain('2026-12-11');
    expect(mail.html).not.toContain('<b>Kim</b>');
    expect(mail.html).toContain('href="http://portal.test/family/consent?invite=abc&#38;x=1"');
  });
});
