import type { ChildLearning } from '@kidslearn/contracts';
import { childLessonRows } from '../domain/child-learning';
import type { ChildBests, LessonHeadings, RankingStore } from '../domain/family-ports';

export interface ChildLearningDeps {
  bests: ChildBests;
  headings: LessonHeadings;
  rankings: RankingStore;
}

/**
 * GET /family/children/{linkId}/learning: the child's best result per lesson with their place in its standings.
 * Three reads whatever the number of lessons, each cached: the child's bests, then the headings (kept in memory)
 * and the lessons' rankings side by side.
 */
export async function childLearning(deps: ChildLearningDeps, childEmail: string): Promise<ChildLearning> {
  const bests = await deps.bests.bestsOf(childEmail);
  const lessonIds = bests.map((best) => best.lessonId);
  const [headings, rankings] = await Promise.all([deps.headings.headingsOf(lessonIds), deps.rankings.rankingsOf(lessonIds)]);
  return { lessons: childLessonRows(childEmail, bests, headings, rankings) };
}
