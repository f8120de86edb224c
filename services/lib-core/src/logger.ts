import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';

export type { Logger };

/**
 * Level: LOG_LEVEL, else silent under Jest (NODE_ENV=test), else info. Destination: stdout unless given (tests),
 * written asynchronously: lines that come while a write is under way go out together in the next one, instead
 * of one blocking write per line (under load the access log's writes were a large share of the gateway's CPU).
 * pino flushes what is left synchronously when the process exits.
 */
export function createLogger(name: string, level?: string, destination?: DestinationStream): Logger {
  const fallback = process.env.NODE_ENV === 'test' ? 'silent' : 'info';
  const options = {
    name,
    level: level ?? process.env.LOG_LEVEL ?? fallback,
    // Tokens and cookies never reach the logs.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
