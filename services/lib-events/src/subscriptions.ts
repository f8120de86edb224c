/**
 * Which service consumes which event types (docs/CONTRACTS.md, "Events"). Every bus declares these
 * durable queues and bindings when it connects, so an event published before its consumer has ever
 * started (a fresh broker: content seeds lessons while quiz is still booting) waits in the consumer's
 * queue instead of being dropped as unroutable.
 */
export const KNOWN_SUBSCRIPTIONS: Readonly<Record<string, readonly string[]>> = {
  content: ['gems.balance.changed', 'lesson.announcement.requested'],
  quiz: ['lesson.created', 'gems.credited', 'user.profile.changed', 'learner.erased'],
  gems: ['quiz.attempt.scored', 'redemption.requested', 'learner.erased'],
  gifts: ['gems.debited', 'gems.debit.rejected', 'learner.erased'],
};
