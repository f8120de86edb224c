// Lessons and quiz-service answers for the tests of learning after a quiz (issue 21), and a fake gateway
// that answers them (each test overrides what it needs).
import type { AnswerReview, DailyReview, LessonProgressRow } from '@kidslearn/contracts';
import type { FakeHandler, FakeReply, FakeRequest } from '@kidslearn/kit/testing';
import type { LearnerLesson } from '../api/learning-api';

export const lessons: LearnerLesson[] = [
  {
    _id: 'l1',
    lessonHeading: 'Adding tens',
    parts: [{ name: 'What is a ten?', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
    quiz: [
      { question: '10 + 10?', optionA: '20', optionB: '30', optionC: '40', optionD: '50' },
      { question: '20 + 20?', optionA: '10', optionB: '30', optionC: '40', optionD: '50' },
    ],
  },
  {
    _id: 'l2',
    lessonHeading: 'Times tables',
    parts: [{ name: 'Twos', link: 'https://example.com/twos.mp4' }],
    quiz: [
      { question: '6 × 7?', optionA: '42', optionB: '36', optionC: '48', optionD: '67' },
      { question: '3 × 3?', optionA: '6', optionB: '9', optionC: '33', optionD: '12' },
    ],
  },
];

/** The learner's attempt of 'Adding tens': the first right, the second wrong. */
export const review: AnswerReview = {
  lessonId: 'l1',
  score: 1,
  total: 2,
  questions: [
    { index: 0, chosen: 'A', correct: 'A', isCorrect: true, explanation: 'One ten and one ten make two tens: 20.' },
    { index: 1, chosen: 'B', correct: 'C', isCorrect: false, explanation: 'Two tens and two tens make four tens: 40.' },
  ],
};

export const attempted = [{ lessonId: 'l1', score: 1, total: 2, reward: 1, at: '2026-03-02T09:00:00Z' }];

export const nothingDue: DailyReview = { day: '2026-03-04', items: [], completed: false, gemEarned: false, daysThisWeek: [] };

export interface LearningGateway {
  mine?: unknown[];
  progress?: LessonProgressRow[];
  review?: FakeReply;
  daily?: DailyReview | (() => DailyReview);
  /** answers POST /daily-review/answers */
  dailyAnswer?: (req: FakeRequest) => FakeReply;
  quizResult?: FakeReply;
  practiceResult?: FakeReply;
  gems?: () => number;
}

export function learningGateway(setup: LearningGateway = {}): FakeHandler {
  return (req) => {
    if (req.url === '/lessons') return { status: 200, body: lessons };
    if (req.url === '/quiz-results/mine') return { status: 200, body: setup.mine ?? [] };
    if (req.url === '/quiz-results/progress') return { status: 200, body: setup.progress ?? [] };
    if (req.url === '/quiz-results/l1/review') return setup.review ?? { status: 200, body: review };
    if (req.url === '/daily-review') return { status: 200, body: typeof setup.daily === 'function' ? setup.daily() : (setup.daily ?? nothingDue) };
    if (req.url === '/daily-review/answers' && req.method === 'POST' && setup.dailyAnswer) return setup.dailyAnswer(req);
    if (req.url === '/quiz-results' && req.method === 'POST') return setup.quizResult ?? { status: 201, body: { attemptId: 'a1', score: 1, total: 2, reward: 1, gems: 4 } };
    if (req.url === '/practice-results' && req.method === 'POST') return setup.practiceResult ?? { status: 201, body: {} };
    if (setup.gems && req.url.startsWith('/gems/')) return { status: 200, body: { email: 'learner@kidslearn.test', gems: setup.gems() } };
    return { status: 404 };
  };
}

type Key = { correct: 'A' | 'B' | 'C' | 'D'; explanation: string | null };

/**
 * Today's review on a fake quiz service: answers are recorded on the items; the review completes when every
 * item is answered, which earns the day's gem once and adds the day to the week.
 */
export function dailyReviewServer(start: DailyReview, keys: Record<string, Key>) {
  let review = start;
  const answer = (req: FakeRequest): FakeReply => {
    const { lessonId, question, answer: chosen } = req.body as { lessonId: string; question: number; answer: Key['correct'] };
    const key = keys[`${lessonId}:${question}`]!;
    const isCorrect = chosen === key.correct;
    const items = review.items.map((item) =>
      item.lessonId === lessonId && item.question === question ? { ...item, answered: { answer: chosen, isCorrect, correct: key.correct, explanation: key.explanation } } : item,
    );
    const completed = items.every((item) => item.answered !== null);
    const daysThisWeek = completed && !review.daysThisWeek.includes(review.day) ? [...review.daysThisWeek, review.day] : review.daysThisWeek;
    review = { ...review, items, completed, gemEarned: review.gemEarned || completed, daysThisWeek };
    return { status: 200, body: { isCorrect, correct: key.correct, explanation: key.explanation, review } };
  };
  return { review: () => review, answer };
}
