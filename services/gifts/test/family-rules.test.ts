import { consentMissing, isParentOf, judgeDecision, parentApprovesGifts, statusAfterDebit } from '../src/domain/family';
import { fitsCap, releasesSpend, spendMonthOf } from '../src/domain/monthly-cap';
import { deliveryRefusal, isSettled, REDEMPTION_STATUSES } from '../src/domain/redemption';
import { messages } from '../src/messages';

const link = { parentEmail: 'mum@kidslearn.test', approveGifts: true, monthlyGemCap: null };

describe('families: where a debited request goes', () => {
  it('when the parent approves gifts, then it waits for them; without a parent or with approval off, it goes to delivery', () => {
    expect(statusAfterDebit(parentApprovesGifts(link))).toBe('awaiting-parent');
    expect(statusAfterDebit(parentApprovesGifts({ ...link, approveGifts: false }))).toBe('pending-delivery');
    expect(statusAfterDebit(parentApprovesGifts(null))).toBe('pending-delivery');
  });
});

describe('families: consent', () => {
  it('when consent is required, then only a learner with a link may redeem; when optional, anyone', () => {
    expect(consentMissing('required', null)).toBe(true);
    expect(consentMissing('required', link)).toBe(false);
    expect(consentMissing('optional', null)).toBe(false);
  });

  it("when the caller's email is the link's parent (any case), then they are the parent; anyone else, or no link, is not", () => {
    expect(isParentOf(link, 'Mum@KidsLearn.test')).toBe(true);
    expect(isParentOf(link, 'dad@kidslearn.test')).toBe(false);
    expect(isParentOf(null, 'mum@kidslearn.test')).toBe(false);
  });
});

describe("families: a parent's decision", () => {
  it('when the request awaits the parent, then either decision applies', () => {
    expect(judgeDecision({ status: 'awaiting-parent' }, 'approved')).toEqual({ kind: 'apply' });
    expect(judgeDecision({ status: 'awaiting-parent' }, 'declined')).toEqual({ kind: 'apply' });
  });

  it('when the same decision comes again, then it is a repeat, whatever happened since (e.g. delivered)', () => {
    expect(judgeDecision({ status: 'pending-delivery', parentDecision: 'approved' }, 'approved')).toEqual({ kind: 'repeat' });
    expect(judgeDecision({ status: 'delivered', parentDecision: 'approved' }, 'approved')).toEqual({ kind: 'repeat' });
    expect(judgeDecision({ status: 'declined', parentDecision: 'declined' }, 'declined')).toEqual({ kind: 'repeat' });
  });

  it('when the other decision was taken, then it is refused with what was decided', () => {
    expect(judgeDecision({ status: 'pending-delivery', parentDecision: 'approved' }, 'declined')).toEqual({ kind: 'refused', message: messages.giftAlreadyApproved });
    expect(judgeDecision({ status: 'declined', parentDecision: 'declined' }, 'approved')).toEqual({ kind: 'refused', message: messages.giftAlreadyDeclined });
  });

  it.each(['requested', 'pending-delivery', 'rejected', 'delivered', 'declined'] as const)('when a request in %s never waited for this parent, then both decisions are refused', (status) => {
    for (const wanted of ['approved', 'declined'] as const) expect(judgeDecision({ status }, wanted)).toEqual({ kind: 'refused', message: messages.notAwaitingParent });
  });
});

describe('families: the monthly gem cap', () => {
  it('when a date is given, then its month is the UTC calendar month', () => {
    expect(spendMonthOf(new Date('2025-01-31T23:59:59.999Z'))).toBe('2025-01');
    expect(spendMonthOf(new Date('2025-02-01T00:00:00.000Z'))).toBe('2025-02');
    expect(spendMonthOf(new Date('2025-03-01T00:30:00+01:00'))).toBe('2025-02');
  });

  it('when the cost with what is counted stays at or under the cap, then it fits; above, it does not; no cap always fits', () => {
    expect(fitsCap(5, 5, 10)).toBe(true);
    expect(fitsCap(6, 5, 10)).toBe(false);
    expect(fitsCap(0, 11, 10)).toBe(false);
    expect(fitsCap(0, 1, 0)).toBe(false);
    expect(fitsCap(1_000_000, 5, null)).toBe(true);
  });

  it('when a request is rejected or declined, then its cost leaves the month; in any other status it stays', () => {
    expect(REDEMPTION_STATUSES.filter(releasesSpend)).toEqual(['rejected', 'declined']);
  });
});

describe('redemption statuses', () => {
  it('when a parcel awaits the parent or was declined, then it cannot be delivered, with a message saying why', () => {
    expect(deliveryRefusal('awaiting-parent')).toBe(messages.awaitingParentCannotDeliver);
    expect(deliveryRefusal('declined')).toBe(messages.declinedCannotDeliver);
    expect(deliveryRefusal('pending-delivery')).toBeNull();
  });

  it("when gems debited a request that now awaits the parent, then it is settled (the learner's answer is final)", () => {
    expect(isSettled('awaiting-parent')).toBe(true);
    expect(REDEMPTION_STATUSES).toEqual(['requested', 'awaiting-parent', 'pending-delivery', 'rejected', 'declined', 'delivered']);
  });
});
