import { z } from 'zod';
import type { EventBus, EventEnvelope } from '@kidslearn/lib-events';
import { parseEventData } from '@kidslearn/lib-events';
import { mark, type Logger } from '@kidslearn/lib-core';
import { LETTERS } from '../../domain/answers';
import { lessonIdSchema } from '../../domain/ids';
import type { AnswerKeyRepository } from '../../data-access/answer-keys';
import type { AttemptRepository } from '../../data-access/attempts';
import { MAX_QUESTIONS } from '../http/schemas';

const lessonCreated = z.object({
  lessonId: lessonIdSchema,
  lessonHeading: z.string().min(1).max(500),
  answerKey: z.array(z.enum(LETTERS)).min(1).max(MAX_QUESTIONS),
});

const gemsCredited = z.object({
  attemptId: z.string().min(1).max(100),
  amount: z.number().int().min(0),
  balance: z.number().int().min(0),
});

/** Published at start-up; content answers with lesson.created for every lesson. */
export const LESSON_ANNOUNCEMENT_REQUESTED = 'lesson.announcement.requested';

export interface QuizHandlerDeps {
  answerKeys: AnswerKeyRepository;
  attempts: AttemptRepository;
  /** tells a waiting POST /quiz-results (on any instance) the gem total gems reported for its attempt (best effort) */
  announce: (attemptId: string, gems: number) => Promise<void>;
  logger: Logger;
}

/** Invalid data throws: the bus retries and then parks the message in the dead-letter queue. */
export async function subscribeQuizHandlers(bus: EventBus, deps: QuizHandlerDeps): Promise<void> {
  await bus.subscribe(['lesson.created', 'gems.credited'], async (event: EventEnvelope) => {
    if (event.type === 'lesson.created') {
      const data = parseEventData(lessonCreated, event);
      await deps.answerKeys.save(data.lessonId, data.lessonHeading, data.answerKey);
      return;
    }
    const data = parseEventData(gemsCredited, event);
    // Gems committed this total before reporting it, so the waiting request may answer it while the attempt
    // records it (one write less on the way back). If recording fails the event is retried and announced again.
    const announced = deps.announce(data.attemptId, data.balance).then(() => mark('quiz.announced', data.attemptId));
    const gems = await deps.attempts.settle(data.attemptId, data.amount, data.balance);
    mark('quiz.settled', data.attemptId);
    await announced;
    if (gems === null) deps.logger.debug({ attemptId: data.attemptId }, 'gems.credited for an unknown attempt');
  });
}
