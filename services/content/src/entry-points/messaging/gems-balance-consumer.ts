import { z } from 'zod';
import type { Logger } from '@kidslearn/lib-core';
import type { EventBus, EventEnvelope } from '@kidslearn/lib-events';
import type { UsersStore } from '../../data-access/users-store';

const balanceChanged = z.object({
  email: z.string().trim().toLowerCase().min(1),
  balance: z.number().finite().min(0),
  version: z.number().int().min(0),
});

/** Runs a write about a learner unless the learner was erased after the event (lib-mongo writeUnlessErased). */
export type UnlessErased = (email: string, originatedAt: string, write: () => Promise<unknown>) => Promise<unknown>;
const always: UnlessErased = (_email, _at, write) => write();

export function handleGemsBalanceChanged(users: UsersStore, logger: Logger, unlessErased: UnlessErased = always) {
  return async (event: EventEnvelope): Promise<void> => {
    const parsed = balanceChanged.safeParse(event.data);
    if (!parsed.success) {
      // A malformed event can never succeed: log it and let it go rather than retrying forever.
      logger.error({ eventId: event.id, issues: parsed.error.issues }, 'ignoring malformed gems.balance.changed');
      return;
    }
    const { email, balance, version } = parsed.data;
    // A late balance of an erased learner would bring a record back: dropped (learner-erasure.ts).
    const applied = await unlessErased(email, event.occurredAt, () => users.applyGemsBalance(email, balance, version));
    logger.debug({ eventId: event.id, version, applied }, 'gems balance mirrored');
  };
}

export async function subscribeToEvents(bus: EventBus, users: UsersStore, logger: Logger, unlessErased?: UnlessErased): Promise<void> {
  await bus.subscribe(['gems.balance.changed'], handleGemsBalanceChanged(users, logger, unlessErased));
}
