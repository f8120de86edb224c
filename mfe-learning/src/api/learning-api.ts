import type {
  AnswerReview,
  DailyReview,
  DailyReviewAnswerInput,
  DailyReviewAnswerReply,
  LessonProgressRow,
  OwnResult,
  PracticeRunInput,
  PracticeRunResult,
  QuizResult,
  StandingRow,
} from '@kidslearn/contracts';
import { defineArea, injectAreaEndpoints, type GatewayApi } from '@kidslearn/kit/platform';

export interface LessonPart {
  name: string;
  link: string;
}

/** A quiz question as a learner sees it: never the correct answer. */
export interface LearnerQuestion {
  question: string;
  optionA: string;
  optionB: string;
  optionC: string;
  optionD: string;
}

export interface LearnerLesson {
  _id: string;
  lessonHeading: string;
  parts: LessonPart[];
  quiz: LearnerQuestion[];
}

export type Letter = 'A' | 'B' | 'C' | 'D';

export interface QuizSubmission {
  quizId: string;
  /** One slot per question; null where the learner gave no answer (counts as wrong on the server). */
  answers: (Letter | null)[];
  idempotencyKey: string;
}

/** What the quiz service answers (one definition with the service: contracts/src/quiz.ts). */
export type { OwnResult, QuizResult, StandingRow };
/** What the quiz service answers for learning after a quiz (issue 21: contracts/src/learning.ts). */
export type { AnswerReview, DailyReview, DailyReviewAnswerInput, DailyReviewAnswerReply, LessonProgressRow, PracticeRunInput, PracticeRunResult };

// Learning after a quiz lives under the quiz results' tag: a new attempt refreshes all of it; a practice run
// or a review answer refreshes only its own part.
const PROGRESS = { type: 'QuizResult', id: 'progress' } as const;
const DAILY_REVIEW = { type: 'QuizResult', id: 'daily-review' } as const;

const list = <T>(body: unknown): T[] => (Array.isArray(body) ? (body as T[]) : []);

/** mfe-learning's endpoints in the shell's one gateway API slice. */
export function injectLearningApi(api: GatewayApi) {
  return injectAreaEndpoints(api, 'learning', (build) => ({
    learningLessons: build.query<LearnerLesson[], void>({
      query: () => '/lessons',
      transformResponse: (body: unknown) => list<LearnerLesson>(body).map((lesson) => ({ ...lesson, parts: lesson.parts ?? [], quiz: lesson.quiz ?? [] })),
      providesTags: ['Lesson'],
    }),
    learningOwnResults: build.query<OwnResult[], void>({
      query: () => '/quiz-results/mine',
      transformResponse: (body: unknown) => list<OwnResult>(body),
      providesTags: ['QuizResult'],
    }),
    learningSubmitQuiz: build.mutation<QuizResult, QuizSubmission>({
      // The key makes a retry of the same submission safe: the server answers it once.
      query: ({ quizId, answers, idempotencyKey }) => ({ url: '/quiz-results', method: 'POST', body: { quizId, answers }, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: ['QuizResult', 'Standing'],
    }),
    learningStandings: build.query<StandingRow[], string>({
      query: (lessonId) => `/standings/${encodeURIComponent(lessonId)}`,
      transformResponse: (body: unknown) => list<StandingRow>(body),
      providesTags: ['Standing'],
    }),
    /** The learner's own attempt with the answer key and explanations (404 before the attempt). */
    learningAnswerReview: build.query<AnswerReview, string>({
      query: (lessonId) => `/quiz-results/${encodeURIComponent(lessonId)}/review`,
      providesTags: (_review, _error, lessonId) => [{ type: 'QuizResult', id: `review-${lessonId}` }],
    }),
    /** A finished practice run, scored on the server: no gems, no standings. */
    learningSavePractice: build.mutation<PracticeRunResult, PracticeRunInput>({
      query: (body) => ({ url: '/practice-results', method: 'POST', body }),
      invalidatesTags: [PROGRESS],
    }),
    learningProgress: build.query<LessonProgressRow[], void>({
      query: () => '/quiz-results/progress',
      transformResponse: (body: unknown) => list<LessonProgressRow>(body),
      providesTags: [PROGRESS],
    }),
    learningDailyReview: build.query<DailyReview, void>({
      query: () => '/daily-review',
      providesTags: [DAILY_REVIEW],
    }),
    /** One answer of today's review; the reply carries the review as it stands (useDailyReviewAnswer keeps it). */
    learningAnswerDailyReview: build.mutation<DailyReviewAnswerReply, DailyReviewAnswerInput>({
      query: (body) => ({ url: '/daily-review/answers', method: 'POST', body }),
    }),
  }));
}

export type LearningApi = ReturnType<typeof injectLearningApi>;

/** The learning area: its endpoints and the hooks its features read them with (the root is createArea in spa.tsx). */
export const learningArea = defineArea('learning', injectLearningApi);
export const useLearningApi = learningArea.useApi;
