import type { Event } from '@kidslearn/contracts';
import type { Logger } from '@kidslearn/lib-core';
import type { LessonsStore } from '../../domain/ports';

/**
 * Re-announces `lesson.created` for every lesson: at start-up and whenever a consumer asks
 * (`lesson.announcement.requested`). Runs one announcement at a time; `idle()` waits for it (shutdown).
 */
export function createLessonAnnouncer(lessons: Pick<LessonsStore, 'announcements'>, bus: { publish(event: Event): Promise<void> }, logger: Logger) {
  let running: Promise<void> = Promise.resolve();

  const publishAll = async (reason: string) => {
    const events = await lessons.announcements();
    for (const event of events) await bus.publish(event);
    logger.info({ reason, lessons: events.length }, 'lessons re-announced');
  };

  return {
    /** Queues an announcement of the lessons read then; resolves when it is published, rejects when it could not be. */
    announce(reason: string): Promise<void> {
      const next = running.then(() => publishAll(reason));
      running = next.catch(() => undefined);
      return next;
    },
    idle: () => running,
  };
}

export type LessonAnnouncer = ReturnType<typeof createLessonAnnouncer>;
