/**
 * Thrown by a handler for a message that can never succeed (bad payload, a bug it reveals): the bus
 * dead-letters it at once instead of retrying. Any other error counts as infrastructure (the database
 * unavailable, a timeout) and is retried over the long horizon.
 */
export class PoisonMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PoisonMessageError';
  }
}
