import { createReviewSchema, displayName } from '../src/domain/review';
import { isSelfOrAdmin, upsertUserSchema } from '../src/domain/user';
import { isAllowedAvatar } from '../src/domain/avatar';
import { messages } from '../src/messages';

describe('review rules', () => {
  it('when the name is missing, then it is shown as Anonymous', () => {
    const review = createReviewSchema.parse({ message: 'Great!' });
    expect(displayName(review.name)).toBe('Anonymous');
  });

  it('when the message has 301 characters, then it is refused', () => {
    const result = createReviewSchema.safeParse({ name: 'a', message: 'x'.repeat(301) });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(messages.review.messageTooLong);
  });

  it('when the email is not valid, then it is refused', () => {
    const result = createReviewSchema.safeParse({ name: 'a', message: 'hi', email: 'nope' });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(messages.review.emailInvalid);
  });

  it('when the email is blank, then it is treated as not given', () => {
    expect(createReviewSchema.parse({ message: 'hi', email: ' ' }).email).toBeUndefined();
  });
});

describe('user rules', () => {
  it('when a client sends role and gems, then they are accepted by the schema but carry no meaning', () => {
    expect(upsertUserSchema.safeParse({ name: 'x', role: 'admin', gems: 999 }).success).toBe(true);
  });

  it('when a learner acts on another email, then it is refused; admins may', () => {
    expect(isSelfOrAdmin({ email: 'a@x.test', isAdmin: false }, 'A@X.test')).toBe(true);
    expect(isSelfOrAdmin({ email: 'a@x.test', isAdmin: false }, 'b@x.test')).toBe(false);
    expect(isSelfOrAdmin({ email: 'admin@x.test', isAdmin: true }, 'b@x.test')).toBe(true);
  });

  it('when an avatar is not in the catalogue nor the own photo, then it is not allowed', () => {
    const urls = ['http://h/a.svg'];
    expect(isAllowedAvatar('http://h/a.svg', urls, null)).toBe(true);
    expect(isAllowedAvatar('http://h/me.png', urls, 'http://h/me.png')).toBe(true);
    expect(isAllowedAvatar('http://evil/x.png', urls, 'http://h/me.png')).toBe(false);
  });
});
