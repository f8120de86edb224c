import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import { maskEmails, personalDataPaths } from './personal-data';

export type { Logger };

/** Writes each line to `destination` with every email address masked (personal-data.ts). */
function maskingStream(destination: DestinationStream): DestinationStream {
  return { write: (line: string) => destination.write(line.includes('@') || line.includes('%40') ? maskEmails(line) : line) };
}

/**
 * Level: LOG_LEVEL, else silent under Jest (NODE_ENV=test), else info. Destination: stdout unless given (tests),
 * written asynchronously: lines that come while a write is under way go out together in the next one, instead
 * of one blocking write per line (under load the access log's writes were a large share of the gateway's CPU).
 * pino flushes what is left synchronously when the process exits. Tokens, cookies and personal data never
 * reach the logs: known fields are redacted by name, email addresses masked in whatever is left.
 */
export function createLogger(name: string, level?: string, destination?: DestinationStream): Logger {
  const fallback = process.env.NODE_ENV === 'test' ? 'silent' : 'info';
  const options = {
    name,
    level: level ?? process.env.LOG_LEVEL ?? fallback,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', ...personalDataPaths], censor: '[redacted]' },
  };
  return pino(options, maskingStream(destination ?? pino.destination({ dest: 1, sync: false })));
}
