import { childGemLines } from '../src/domain/child-gems';
import type { LedgerEntry } from '../src/domain/ledger';

const at = new Date('2026-03-03T10:00:00.000Z');
const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({ ref: 'ref', kind: 'credit', amount: 1, balance: 1, at, ...over });

describe('childGemLines (what a parent reads of a child\'s ledger)', () => {
  it('when the ledger has every kind, then each maps to the parent\'s kind, in the order given, with its lesson or redemption', () => {
    const lines = childGemLines([
      entry({ kind: 'refund', ref: 'r1', amount: 3 }),
      entry({ kind: 'debit', ref: 'r1', amount: -3 }),
      entry({ kind: 'adjustment', ref: 'adjustment:x', amount: -1, by: 'admin@kidslearn.test' }),
      entry({ kind: 'review', ref: 'review-1', amount: 1 }),
      entry({ kind: 'credit', ref: 'attempt-1', amount: 2, lessonId: 'lesson-a' }),
    ]);
    expect(lines).toEqual([
      { kind: 'refund', amount: 3, at: at.toISOString(), redemptionId: 'r1' },
      { kind: 'redemption', amount: -3, at: at.toISOString(), redemptionId: 'r1' },
      { kind: 'adjustment', amount: -1, at: at.toISOString() },
      { kind: 'review', amount: 1, at: at.toISOString() },
      { kind: 'quiz', amount: 2, at: at.toISOString(), lessonId: 'lesson-a' },
    ]);
  });
  it('when a debit was refused, then it is left out (it changed nothing)', () => {
    expect(childGemLines([entry({ kind: 'debit-rejected', ref: 'r2', amount: 0 })])).toEqual([]);
  });
  it("when an admin adjusted the balance, then the admin's email is not shown", () => {
    expect(JSON.stringify(childGemLines([entry({ kind: 'adjustment', amount: -1, by: 'admin@kidslearn.test' })]))).not.toContain('admin@');
  });
});
