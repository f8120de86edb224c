import type { ChildGemLine } from '@kidslearn/contracts';
import type { LedgerEntry, LedgerKind } from './ledger';

/** The most lines a parent's view of a child's gems shows (the newest). */
export const CHILD_GEM_LINES = 200;

const kinds: Record<LedgerKind, ChildGemLine['kind'] | null> = {
  credit: 'quiz',
  review: 'review',
  debit: 'redemption',
  refund: 'refund',
  adjustment: 'adjustment',
  // a refused debit changed nothing: not part of the balance's history
  'debit-rejected': null,
};

/**
 * A child's ledger lines as their parent reads them (GET /family/children/{linkId}/gems), in the order given.
 * Only what the parent needs: no admin's email (adjustments), no internal refs but the redemption's id.
 */
export function childGemLines(entries: readonly Pick<LedgerEntry, 'ref' | 'kind' | 'amount' | 'lessonId' | 'at'>[]): ChildGemLine[] {
  const lines: ChildGemLine[] = [];
  for (const entry of entries) {
    const kind = kinds[entry.kind];
    if (!kind) continue;
    const line: ChildGemLine = { kind, amount: entry.amount, at: new Date(entry.at).toISOString() };
    if (kind === 'quiz' && entry.lessonId) line.lessonId = entry.lessonId;
    if (kind === 'redemption' || kind === 'refund') line.redemptionId = entry.ref;
    lines.push(line);
  }
  return lines;
}
