import type { Redis } from 'ioredis';
import { announceOutcome as announce, createOutcomeListeners } from '@kidslearn/lib-redis';
import type { OutcomeWaiter } from '../domain/ports';

// Quiz's announcement carries the learner's gem total gems committed for the attempt (`gems:<total>`).
const ANNOUNCED_GEMS = /^gems:(0|[1-9]\d{0,8})$/;
export const gemsAnnouncement = (gems: number): string => `gems:${gems}`;
/** The gem total an announcement carries, or null when it carries none. */
export const announcedGems = (message: string): number | null => {
  const match = ANNOUNCED_GEMS.exec(message);
  return match ? Number(match[1]) : null;
};

/** Quiz's outcome channel: every instance listens to it (lib-redis outcome-channel.ts). */
const OUTCOMES = 'quiz';

/** Tells a waiting POST /quiz-results (on any instance) the gem total gems reported for its attempt (best effort). */
export const announceOutcome = (redis: Redis, id: string, gems: number): Promise<void> => announce(redis, OUTCOMES, id, gemsAnnouncement(gems));

/** `subscriber` is a dedicated connection (see lib-redis outcome-channel.ts). */
export const createOutcomeWaiter = (subscriber: Redis): OutcomeWaiter => createOutcomeListeners(subscriber, OUTCOMES);
