import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A diagnostic for the bench and drills: when `KIDSLEARN_DB_CENSUS` names a directory, each process counts the
 * database commands it sends by command, collection and the field names of the filter (never a value, so no
 * learner's data), and keeps `<dir>/<SERVICE_NAME>-<pid>.json` up to date. `bench/db-census.ts` sums the files.
 * It is how to learn which query a load repeats (FerretDB's own count knows only the command name).
 */
export const DB_CENSUS_ENV = 'KIDSLEARN_DB_CENSUS';

const WRITE_EVERY_MS = 1000;

interface CommandStarted {
  commandName: string;
  command: Record<string, unknown>;
}

/** What the census needs of a MongoClient (command monitoring on). */
export interface MonitoredClient {
  on(event: 'commandStarted', listener: (event: CommandStarted) => void): unknown;
}

const keysOf = (filter: unknown): string => (filter && typeof filter === 'object' ? Object.keys(filter).sort().join(',') : '');
const statementKeys = (statements: unknown): string =>
  Array.isArray(statements) ? [...new Set(statements.map((statement: { q?: unknown }) => keysOf(statement.q)))].join(' | ') : '';

/**
 * `<command> <collection> <what it selects by>`: the filter's field names (find, findAndModify, count), each
 * statement's (update, delete: a batch of like statements counts as one shape), or the batch size (insert).
 */
export function commandShape({ commandName, command }: CommandStarted): string {
  const collection = typeof command[commandName] === 'string' ? (command[commandName] as string) : '';
  let by = '';
  if (commandName === 'find' || commandName === 'count') by = keysOf(command.filter ?? command.query);
  else if (commandName === 'findAndModify') by = keysOf(command.query);
  else if (commandName === 'update') by = statementKeys(command.updates);
  else if (commandName === 'delete') by = statementKeys(command.deletes);
  else if (commandName === 'insert') by = `${Array.isArray(command.documents) ? command.documents.length : 0} document(s)`;
  return [commandName, collection, by].filter(Boolean).join(' ');
}

let opened = 0;

/** The file of this process's next counted connection in `dir`: `<service>-<pid>.json`, then `-<pid>-2.json` … */
export function nextCensusFile(dir: string, service = process.env.SERVICE_NAME ?? 'process', pid = process.pid): string {
  opened += 1;
  return path.join(dir, `${service}-${pid}${opened > 1 ? `-${opened}` : ''}.json`);
}

/**
 * Counts `client`'s commands into `file` (rewritten every second while something changed, and when stopped). Each
 * write replaces the file whole (a rename), so a process killed meanwhile (the replicas drill's SIGKILL) leaves its
 * last complete count, at most a second old, never half a file.
 */
export function startCommandCensus(client: MonitoredClient, file: string): () => void {
  const counts: Record<string, number> = {};
  let dirty = false;
  client.on('commandStarted', (event) => {
    const shape = commandShape(event);
    counts[shape] = (counts[shape] ?? 0) + 1;
    dirty = true;
  });
  mkdirSync(path.dirname(file), { recursive: true });
  const write = () => {
    if (!dirty) return;
    dirty = false;
    writeFileSync(`${file}.tmp`, JSON.stringify(counts));
    renameSync(`${file}.tmp`, file);
  };
  const timer = setInterval(write, WRITE_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    write();
  };
}
