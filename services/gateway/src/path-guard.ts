import type { RequestHandler } from 'express';
import { messages } from './messages';

/**
 * A path with a malformed % escape (`/users/%E0%A4%A`) is the caller's mistake: 400 here, never
 * forwarded, so no service has to decode it (and none can turn it into a 500).
 */
export function rejectMalformedPath(): RequestHandler {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      res.status(400).json({ error: 'BadRequest', message: messages.malformedPath });
      return;
    }
    next();
  };
}
