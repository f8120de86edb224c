import type { ConfirmChannel, Options } from 'amqplib';

/** Publishes on a confirm channel and resolves when the broker has taken responsibility. */
export function publishConfirmed(ch: ConfirmChannel, exchange: string, routingKey: string, content: Buffer, options: Options.Publish): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      ch.publish(exchange, routingKey, content, options, (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()));
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
