// Submitting a quiz: the server scores it; the result dialog of SPEC §8 shows; the gem badge takes the
// server's total. A failed save is only logged, and the learner's answers stay: the same submission is
// retried with the same Idempotency-Key, so it can never count twice. When the dialog closes, the answers
// review is shown (issue 21): it is fetched while the dialog is up.
import { useRef } from 'react';
import { useFeedback, useGemBalance } from '@kidslearn/kit/platform';
import type { Letter, QuizResult } from '../../api/learning-api';
import { useLearningApi } from '../../api/learning-api';
import { messages } from '../../messages';

/** SPEC §8: the quiz result dialog; a perfect score closes itself after 3000 ms. */
export function resultDialog({ score, total, reward }: QuizResult) {
  if (total > 0 && score === total) return { title: messages.result.perfectTitle, text: messages.result.perfectText, icon: 'success' as const, timer: 3000 };
  if (reward === 1) return { title: messages.result.submittedTitle, text: messages.result.oneGem(score, total), icon: 'success' as const };
  return { title: messages.result.submittedTitle, text: messages.result.keepPracticing(score, total), icon: 'info' as const };
}

export interface QuizSubmissionEvents {
  /** the result is saved: the quiz closes and the lesson is done */
  onSubmitted: (lessonId: string) => void;
  /** the result dialog has closed */
  onResultClosed: (lessonId: string) => void;
}

export function useQuizSubmission({ onSubmitted, onResultClosed }: QuizSubmissionEvents) {
  const api = useLearningApi();
  const [submitQuiz, { isLoading }] = api.useLearningSubmitQuizMutation();
  const prefetchReview = api.usePrefetch('learningAnswerReview');
  const feedback = useFeedback();
  const gems = useGemBalance();
  // The key of a submission that has not been answered yet, with the answers it was made for.
  const pending = useRef<{ key: string; body: string } | undefined>(undefined);

  const submit = async (quizId: string, answers: (Letter | null)[]) => {
    const body = JSON.stringify({ quizId, answers });
    if (pending.current?.body !== body) pending.current = { key: crypto.randomUUID(), body };
    let result: QuizResult;
    try {
      result = await submitQuiz({ quizId, answers, idempotencyKey: pending.current.key }).unwrap();
    } catch (error) {
      // SPEC §8: a failed quiz-result save is only logged; the answers stay for another try.
      console.error('Saving the quiz result failed', error);
      return;
    }
    pending.current = undefined;
    // No total yet: the gems service credits the reward from an event, a moment later.
    if (result.gems === null) void gems.awaitCredit(result.reward);
    else gems.set(result.gems);
    onSubmitted(quizId);
    prefetchReview(quizId, { force: true });
    await feedback.alert(resultDialog(result));
    onResultClosed(quizId);
  };
  return { submit, submitting: isLoading };
}
