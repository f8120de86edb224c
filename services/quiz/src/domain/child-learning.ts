import type { ChildLessonRow } from '@kidslearn/contracts';
import type { OwnBest } from './ports';
import { standingId } from './standing-id';

/** The child's place in a lesson's ranking (row ids best first): 1 = first, null when not ranked there. */
export function placeIn(ranking: readonly string[] | undefined, rowId: string): { rank: number | null; learners: number } {
  const index = ranking ? ranking.indexOf(rowId) : -1;
  return { rank: index >= 0 ? index + 1 : null, learners: ranking?.length ?? 0 };
}

/**
 * One row per lesson the child has a best result in, in the order given (newest first), with the child's place
 * in the lesson's standings. A lesson without a heading (deleted: no longer taken or ranked) is left out.
 */
export function childLessonRows(email: string, bests: readonly OwnBest[], headings: ReadonlyMap<string, string>, rankings: ReadonlyMap<string, readonly string[]>): ChildLessonRow[] {
  const rows: ChildLessonRow[] = [];
  for (const best of bests) {
    const lessonHeading = headings.get(best.lessonId);
    if (lessonHeading === undefined) continue;
    const { rank, learners } = placeIn(rankings.get(best.lessonId), standingId(best.lessonId, email));
    rows.push({ lessonId: best.lessonId, lessonHeading, score: best.score, total: best.total, attemptedAt: best.achievedAt.toISOString(), rank, learners });
  }
  return rows;
}
