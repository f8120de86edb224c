import type { Express } from 'express';

const DRAINING = 'kidslearn.draining';

/** From now on GET /readyz answers 503 "draining": the instance is shutting down. */
export function markDraining(app: Express): void {
  app.set(DRAINING, true);
}

export const isDraining = (app: Express): boolean => app.get(DRAINING) === true;
