import { decideCredit, decideDebit, type BalanceState } from '../src/domain/balance';
import { ledgerTotal } from '../src/domain/ledger';

const state = (over: Partial<BalanceState> = {}): BalanceState => ({ gems: 0, ledger: [], ...over });

describe('decideCredit', () => {
  it('when a lesson is rewarded for the first time, then the whole reward is credited', () => {
    expect(decideCredit(3, 0, 2)).toEqual({ amount: 2, gems: 5, bestReward: 2 });
  });
  it('when a later attempt is better, then only the difference is topped up', () => {
    expect(decideCredit(1, 1, 2)).toEqual({ amount: 1, gems: 2, bestReward: 2 });
  });
  it('when a later attempt is worse or equal, then nothing is credited', () => {
    expect(decideCredit(2, 2, 1)).toEqual({ amount: 0, gems: 2, bestReward: 2 });
    expect(decideCredit(2, 2, 2).amount).toBe(0);
  });
  it('when the reward is 0, then the attempt is settled with amount 0', () => {
    expect(decideCredit(0, 0, 0)).toEqual({ amount: 0, gems: 0, bestReward: 0 });
  });
  it('when rewards go 0 then 1 then 2, then the total credited is 2', () => {
    let gems = 0;
    let paid = 0;
    let total = 0;
    for (const reward of [0, 1, 2, 1]) {
      const d = decideCredit(gems, paid, reward);
      total += d.amount;
      gems = d.gems;
      paid = d.bestReward;
    }
    expect(total).toBe(2);
    expect(gems).toBe(2);
  });
});

describe('decideDebit', () => {
  it('when the balance covers the cost, then it is debited', () => {
    expect(decideDebit(state({ gems: 5 }), 'r1', 5)).toEqual({ outcome: 'debited', gems: 0 });
  });
  it('when the balance does not cover the cost, then it is rejected and unchanged', () => {
    expect(decideDebit(state({ gems: 4 }), 'r1', 5)).toEqual({ outcome: 'rejected', gems: 4, reason: 'Not enough gems' });
  });
  it('when the redemption was already debited or rejected, then it is a duplicate', () => {
    expect(decideDebit(state({ gems: 9, ledger: [{ ref: 'r1', kind: 'debit' }] }), 'r1', 1)).toEqual({ outcome: 'duplicate' });
    expect(decideDebit(state({ gems: 9, ledger: [{ ref: 'r1', kind: 'debit-rejected' }] }), 'r1', 1)).toEqual({ outcome: 'duplicate' });
  });
  it('when a credit has the same reference, then it does not count as the debit', () => {
    expect(decideDebit(state({ gems: 9, ledger: [{ ref: 'r1', kind: 'credit' }] }), 'r1', 1).outcome).toBe('debited');
  });
});

describe('ledgerTotal', () => {
  it('when credits and debits are summed, then the result is the balance', () => {
    expect(ledgerTotal([{ amount: 2 }, { amount: 1 }, { amount: -3 }, { amount: 0 }])).toBe(0);
  });
});
