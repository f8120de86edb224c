import { screenReview } from '../src/domain/review-screening';
import { demoReviews } from '../src/seed/demo-reviews';

const message = (text: string) => screenReview({ message: text });

describe('review screening (the blocklist)', () => {
  it.each([
    ['an email address', 'Write to me at sam.smith+kids@gmail.com', 'email'],
    ['an email address spelled out', 'sam (at) gmail (dot) com', 'email'],
    ['a web address', 'Better lessons on https://example.org/maths', 'link'],
    ['a www address', 'see www.freegames', 'link'],
    ['a bare domain', 'visit coolkids.com for more', 'link'],
    ['"dot com"', 'coolkids dot com', 'link'],
    ['a phone number', 'Call me on +49 (0)176 123-4567', 'phone'],
    ['a phone number in groups', 'text 555 123 4567', 'phone'],
    ['a messenger', 'add me on Snapchat!', 'contact'],
    ['a handle', 'follow @mathsqueen', 'contact'],
    ['an insult', 'The teacher is an idiot', 'language'],
    ['a swear word in a longer form', 'this is fucking boring', 'language'],
    ['look-alike characters', 'what a l0s3r', 'language'],
    ['stretched letters', 'shiiiiit lessons', 'language'],
    ['spelled-out letters', 'f u c k this', 'language'],
    ['a sexual word', 'sexy maths', 'language'],
    ['a threat', 'kill yourself', 'language'],
  ])('when the message holds %s, then the review is held (%s)', (_case, text, reason) => {
    expect(message(text)).toBe(reason);
  });

  it('when the name or the title carries it, then the review is held too', () => {
    expect(screenReview({ name: 'Bitch', message: 'Nice' })).toBe('language');
    expect(screenReview({ title: 'mum, 0176 1234567', message: 'Nice' })).toBe('phone');
  });

  it.each([
    'My daughter loves the Class 3 lessons. 10/10!',
    'We did 12 x 12 = 144 and 2 + 2 = 4 together.',
    'Great for assessment and classwork; my son passed his test.',
    'Scunthorpe school recommends it.',
    'The lessons.It was fun to learn fractions',
    'I scored 100 points in 5 minutes',
    'Counting 4 5 5 6 is easy now',
    'We love it @ school',
    'The cocktail of videos and quizzes works, grasshopper!',
  ])('when a review is ordinary (%s), then it is published', (text) => {
    expect(message(text)).toBeNull();
  });

  it('when the seeded parent and teacher reviews are screened, then none is held', () => {
    for (const review of demoReviews) expect(screenReview(review)).toBeNull();
  });
});
