import mongoose, { type ConnectOptions, type Connection } from 'mongoose';

/** One command a connection sent: its name (`find`, `update`, …) and the collection it named. */
export interface SentCommand {
  name: string;
  collection: string;
}

/** A command sent or answered (succeeded or failed), in the order the driver saw them: what ran beside what. */
export interface CommandMoment extends SentCommand {
  moment: 'sent' | 'answered';
}

export interface WatchedConnection {
  db: Connection;
  /** The commands sent, in order. */
  sent: SentCommand[];
  /** Every command's sending and answer, in order. */
  moments: CommandMoment[];
  /** Empties both logs. */
  forget(): void;
}

/**
 * A connection of its own with the driver's command monitoring on, and the log of what it sent: how a test shows
 * what a repository asks of the database (one command, one read for many) and what overlaps (a command sent before
 * another was answered). `options`: the service's connection options (lib-mongo `LOCAL_DATABASE_OPTIONS`).
 */
export async function watchedConnection(url: string, options: ConnectOptions = {}): Promise<WatchedConnection> {
  const db = await mongoose.createConnection(url, { ...options, monitorCommands: true }).asPromise();
  const sent: SentCommand[] = [];
  const moments: CommandMoment[] = [];
  const inFlight = new Map<number, SentCommand>();
  const client = db.getClient();
  client.on('commandStarted', (event) => {
    const command = { name: event.commandName, collection: String(event.command[event.commandName]) };
    sent.push(command);
    moments.push({ ...command, moment: 'sent' });
    inFlight.set(event.requestId, command);
  });
  const answered = (event: { requestId: number; commandName: string }) => {
    const command = inFlight.get(event.requestId) ?? { name: event.commandName, collection: '' };
    inFlight.delete(event.requestId);
    moments.push({ ...command, moment: 'answered' });
  };
  client.on('commandSucceeded', answered);
  client.on('commandFailed', answered);
  return {
    db,
    sent,
    moments,
    forget: () => {
      sent.splice(0);
      moments.splice(0);
    },
  };
}
