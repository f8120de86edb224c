import { performance } from 'node:perf_hooks';

// Opt-in hop timing for bench/timeline.ts. With KIDSLEARN_TIMING=1 each mark writes one JSON line
// {"hop":…,"id":…,"t":…} to stdout (t: wall-clock ms with µs resolution, comparable across processes on
// one machine). Off (the default) a mark is one boolean test: callers guard costly arguments with
// `timingEnabled`.
export const timingEnabled = process.env.KIDSLEARN_TIMING === '1';

/** `id`: what ties the hops of one request together (attempt id, redemption id, idempotency key). */
export function mark(hop: string, id: string | undefined): void {
  if (!timingEnabled || !id) return;
  process.stdout.write(`${JSON.stringify({ hop, id, t: performance.timeOrigin + performance.now() })}\n`);
}

interface TimedRequest {
  headers: Record<string, string | string[] | undefined>;
}
interface TimedResponse {
  once(event: 'finish', listener: () => void): unknown;
}

/**
 * Express middleware marking `<name>.http.in` and `<name>.http.out` (response written) for requests that
 * carry an Idempotency-Key (the bench's correlation id); undefined when timing is off, so nothing is mounted.
 */
export function httpTiming(name: string): ((req: TimedRequest, res: TimedResponse, next: () => void) => void) | undefined {
  if (!timingEnabled) return undefined;
  return (req, res, next) => {
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string') {
      mark(`${name}.http.in`, key);
      res.once('finish', () => mark(`${name}.http.out`, key));
    }
    next();
  };
}
