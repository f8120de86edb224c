import type { Logger } from '@kidslearn/lib-core';
import type { EventHandlers } from '@kidslearn/lib-events';
import type { UsersStore } from '../../domain/ports';
import type { LessonAnnouncer } from './lesson-announcer';

export interface ContentHandlerDeps {
  users: Pick<UsersStore, 'applyGemsBalance'>;
  announcer: LessonAnnouncer;
  /** Runs a write about a learner unless the learner was erased after the event (lib-mongo writeUnlessErased). */
  unlessErased(email: string, originatedAt: string, write: () => Promise<unknown>): Promise<boolean>;
  logger: Logger;
}

/** content's consumers. Data that does not parse is poison (lib-events); any other failure is retried. */
export function contentHandlers(deps: ContentHandlerDeps): EventHandlers {
  return {
    // The user record mirrors the balance (the higher version wins); a late balance of an erased learner would
    // bring a record back, so it is dropped (learner-erasure.ts).
    'gems.balance.changed': async (event) => {
      const { email, balance, version } = event.data;
      const written = await deps.unlessErased(email, event.occurredAt, () => deps.users.applyGemsBalance(email, balance, version));
      deps.logger.debug({ eventId: event.id, version, written }, 'gems balance mirrored');
    },
    // A consumer that lost (or never had) its copy of the lessons asks: every lesson is announced again. A failure
    // throws, so the bus retries the request.
    'lesson.announcement.requested': async (event) => {
      await deps.announcer.announce(`requested by ${event.data.service}`);
    },
  };
}
