import { z } from 'zod';
import { PoisonMessageError, parseEventData, type EventBus, type EventEnvelope } from '@kidslearn/lib-events';
import type { DisplayNameRepository } from '../../data-access/display-names';

/** Published by content when a user record's name is set (registration, sign-in). */
export const USER_PROFILE_CHANGED = 'user.profile.changed';

const profileChanged = z.object({
  email: z.string().min(3).max(254),
  name: z.string().max(200),
});

/** Runs a write about a learner unless the learner was erased after `originatedAt` (lib-mongo writeUnlessErased). */
export type UnlessErased = (email: string, originatedAt: Date, write: () => Promise<unknown>) => Promise<unknown>;

/** Keeps the standings' display names in step with content's user records (never an erased learner's). */
export async function subscribeProfileHandler(bus: EventBus, displayNames: DisplayNameRepository, unlessErased: UnlessErased = (_email, _at, write) => write()): Promise<void> {
  await bus.subscribe([USER_PROFILE_CHANGED], async (event: EventEnvelope) => {
    const data = parseEventData(profileChanged, event);
    const changedAt = new Date(event.occurredAt);
    if (Number.isNaN(changedAt.getTime())) throw new PoisonMessageError(`${USER_PROFILE_CHANGED}: occurredAt is not a time`);
    await unlessErased(data.email, changedAt, () => displayNames.apply(data.email, data.name, changedAt));
  });
}
