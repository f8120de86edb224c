import { decideRefund, type RefundLine } from '../src/domain/refund';

const who = 'kid@kidslearn.test';
const debit = (over: Partial<RefundLine> = {}): RefundLine => ({ ref: 'r1', kind: 'debit', amount: -5, email: who, ...over });

describe('decideRefund (a parent declined a gift)', () => {
  it('when the redemption was debited and not refunded yet, then what the debit took comes back', () => {
    expect(decideRefund(3, who, 'r1', debit(), null)).toEqual({ outcome: 'refunded', amount: 5, gems: 8 });
  });
  it('when the redemption was refunded already, then nothing changes (a redelivery, another event for it)', () => {
    expect(decideRefund(8, who, 'r1', debit(), { ref: 'r1', kind: 'refund', amount: 5, email: who })).toEqual({ outcome: 'duplicate' });
  });
  it('when the redemption was refused (no gems were taken), then nothing comes back', () => {
    expect(decideRefund(3, who, 'r1', debit({ kind: 'debit-rejected', amount: 0 }), null)).toEqual({ outcome: 'not-debited' });
  });
  it('when the redemption was never seen, then nothing comes back', () => {
    expect(decideRefund(3, who, 'r1', null, null)).toEqual({ outcome: 'not-debited' });
  });
  it("when the debit is another learner's, or another redemption's, then nothing comes back", () => {
    expect(decideRefund(3, who, 'r1', debit({ email: 'other@kidslearn.test' }), null)).toEqual({ outcome: 'not-debited' });
    expect(decideRefund(3, who, 'r1', debit({ ref: 'r2' }), null)).toEqual({ outcome: 'not-debited' });
  });
  it('when a line says debit but took nothing, then nothing comes back (never more than was taken)', () => {
    expect(decideRefund(3, who, 'r1', debit({ amount: 0 }), null)).toEqual({ outcome: 'not-debited' });
  });
});
