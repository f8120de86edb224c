import { publicName } from '../src/domain/public-name';
import { messages } from '../src/messages';

describe('publicName (what other learners see in the standings)', () => {
  it.each([
    ['Rita Reader', 'Rita R.'],
    ['Rita Maria van Reader', 'Rita R.'],
    ['  lina   learner ', 'lina L.'],
    ['Zoë Ørsted', 'Zoë Ø.'],
    ['Rita', 'Rita'],
    ['Lina lina.private@example.com', 'Lina'],
    ['lina.private@example.com Learner', 'Learner'],
  ])('when the name is "%s", then "%s" is shown (a first name and an initial, never a full name or an email)', (name, shown) => {
    expect(publicName(name)).toBe(shown);
  });

  it('when nothing but an email or blanks is left, then the neutral name is shown', () => {
    expect(publicName('kid@example.com')).toBe(messages.anonymousLearner);
    expect(publicName('   ')).toBe(messages.anonymousLearner);
  });
});
