import { startEarly } from './config/early-config';
import { nextTask } from './startup/next-task';

// config.json, then the remote this URL shows, start downloading at once.
void startEarly();
// Async boundary so Module Federation can negotiate the shared singletons before any of them runs;
// a task later, so this script's own start-up stays a short task.
void nextTask().then(() => import('./bootstrap'));
