import mongoose, { type ConnectOptions, type Connection } from 'mongoose';

/** One command a connection sent: its name (`find`, `update`, …) and the collection it named. */
export interface SentCommand {
  name: string;
  collection: string;
}

/**
 * A connection of its own with the driver's command monitoring on, and the log of what it sent: how a test shows
 * what a repository asks of the database (one command, one read for many). `options`: the service's connection
 * options (lib-mongo `LOCAL_DATABASE_OPTIONS`). `forget()` empties the log.
 */
export async function watchedConnection(url: string, options: ConnectOptions = {}): Promise<{ db: Connection; sent: SentCommand[]; forget(): void }> {
  const db = await mongoose.createConnection(url, { ...options, monitorCommands: true }).asPromise();
  const sent: SentCommand[] = [];
  db.getClient().on('commandStarted', (event) => sent.push({ name: event.commandName, collection: String(event.command[event.commandName]) }));
  return { db, sent, forget: () => void sent.splice(0) };
}
