// The ports of a parent's view of a linked child (issue 24 "Families"). Implemented in data-access/, used by use-cases/.
import type { OwnBest } from './ports';

/** A learner's best result per lesson, newest first (as GET /quiz-results/mine), kept ready for a parent's page. */
export interface ChildBests {
  bestsOf(email: string): Promise<OwnBest[]>;
}

/**
 * Each lesson's standings order as the internal row ids (domain/standing-id.ts `standingId`), best first: every
 * learner ranked, not only the 100 rows GET /standings lists. A lesson nobody is ranked in has [].
 */
export interface RankingStore {
  rankingsOf(lessonIds: readonly string[]): Promise<Map<string, string[]>>;
}

/** Lesson headings by id, of lessons that can still be taken (a deleted lesson is missing). */
export interface LessonHeadings {
  headingsOf(lessonIds: readonly string[]): Promise<Map<string, string>>;
}

/** The service's copy of the parent–child links (lib-service createFamilyLinks). */
export interface FamilyLinkRecords {
  /** learner.erased: the child's links go (no parent reads an erased child's data; no consent stays for them). */
  eraseChild(email: string): Promise<void>;
}
