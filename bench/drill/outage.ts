import type { Timeline } from './timeline';
import { sleep } from './timeline';

/** A private server a drill can take away and bring back on the same port. */
export interface Stoppable {
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** What the timeline says at each step of an outage. */
export interface OutageWords {
  stopping: string;
  stopped: string;
  started: string;
}

/** Stops `server` for `downMs` and always starts it again, noting each step on the timeline. */
export async function outage(server: Stoppable, downMs: number, timeline: Timeline, words: OutageWords): Promise<void> {
  timeline.note(words.stopping);
  try {
    await server.stop();
    timeline.note(words.stopped);
    await sleep(downMs);
  } finally {
    await server.start();
    timeline.note(words.started);
  }
}
