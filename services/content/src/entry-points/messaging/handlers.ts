import { CREATED_NOTHING } from '@kidslearn/lib-mongo';
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
    // bring a record back, so it is dropped (learner-erasure.ts). A write that only changed the record it found needs
    // no check after it: the erasure deletes that record whenever it runs (lib-mongo CREATED_NOTHING).
    'gems.balance.changed': async (event) => {
      const { email, balance, version } = event.data;
      const written = await deps.unlessErased(email, event.occurredAt, async () =>
        (await deps.users.applyGemsBalance(email, balance, version)) === 'created' ? undefined : CREATED_NOTHING,
      );
      deps.logger.debug({ eventId: event.id, version, written }, 'gems balance mirrored');
    },
    // A consumer that lost (or never had) its copy of the lessons asks: every lesson is announced again. A failure
    // throws, so the bus retries the request.
    'lesson.announcement.requested': async (event) => {
      await deps.announcer.announce(`requested by ${event.data.service}`);
    },
  };
}
