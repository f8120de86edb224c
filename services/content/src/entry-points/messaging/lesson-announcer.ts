import type { Logger } from '@kidslearn/lib-core';
import type { EventBus, EventEnvelope } from '@kidslearn/lib-events';
import type { LessonsStore } from '../../data-access/lessons-store';

/** Asked for by a consumer that lost (or never had) its copy of the lessons, e.g. quiz on an empty database. */
export const ANNOUNCEMENT_REQUESTED = 'lesson.announcement.requested';

/**
 * Re-announces `lesson.created` for every lesson: at start-up and whenever a consumer asks
 * (`lesson.announcement.requested`). Runs one announcement at a time; `idle()` waits for it (shutdown).
 */
export function createLessonAnnouncer(lessons: Pick<LessonsStore, 'announcements'>, bus: Pick<EventBus, 'publish'>, logger: Logger) {
  let running: Promise<void> = Promise.resolve();

  const publishAll = async (reason: string, snapshot?: EventEnvelope[]) => {
    const events = snapshot ?? (await lessons.announcements());
    for (const event of events) await bus.publish(event);
    logger.info({ reason, lessons: events.length }, 'lessons re-announced');
  };

  return {
    /**
     * Queues an announcement (of `snapshot` when given, else of the lessons read then); resolves
     * when it is published, rejects when it could not be.
     */
    announce(reason: string, snapshot?: EventEnvelope[]): Promise<void> {
      const next = running.then(() => publishAll(reason, snapshot));
      running = next.catch(() => undefined);
      return next;
    },
    idle: () => running,
  };
}

export type LessonAnnouncer = ReturnType<typeof createLessonAnnouncer>;

/** A request is answered by announcing; a failure throws, so the bus retries the request. */
export async function subscribeToAnnouncementRequests(bus: EventBus, announcer: LessonAnnouncer): Promise<void> {
  await bus.subscribe([ANNOUNCEMENT_REQUESTED], async (event) => {
    const by = (event.data as { service?: unknown } | null)?.service;
    await announcer.announce(`requested by ${typeof by === 'string' ? by.slice(0, 100) : 'unknown'}`);
  });
}
