import { consumedEventTypes } from '@kidslearn/contracts';

/**
 * Which service consumes which event types (the event catalogue in @kidslearn/contracts). Every bus declares these
 * durable queues and bindings when it connects, so an event published before its consumer has ever
 * started (a fresh broker: content seeds lessons while quiz is still booting) waits in the consumer's
 * queue instead of being dropped as unroutable.
 */
export const KNOWN_SUBSCRIPTIONS: Readonly<Record<string, readonly string[]>> = consumedEventTypes();
