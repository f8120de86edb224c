// What the quiz service answers over HTTP (through the gateway), as the learning area reads it.

/** POST /quiz-results: the attempt as scored on the server. */
export interface QuizResult {
  attemptId: string;
  score: number;
  total: number;
  /** 2 for a perfect score, 1 for exactly one wrong, else 0 */
  reward: number;
  /** the learner's new gem total, or null when gems did not settle the attempt in time (it settles later) */
  gems: number | null;
}

/** GET /standings/{lessonId}: one row per learner, best first (at most 100). */
export interface StandingRow {
  /** opaque, keyed on the server: cannot be matched to an email */
  _id: string;
  /** a first name and an initial */
  userInfo: { name: string };
  score: number;
  total: number;
}

/** GET /quiz-results/mine: the learner's best result per lesson, newest first. */
export interface OwnResult {
  lessonId: string;
  /** the `_id` of the learner's own row in that lesson's standings */
  standingId: string;
  score: number;
  total: number;
  reward: number;
  /** when the best result was achieved (ISO 8601) */
  at: string;
}
