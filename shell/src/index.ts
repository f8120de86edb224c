import { startEarly } from './config/early-config';

// config.json, then the remote this URL shows, start downloading at once.
void startEarly();
// Async boundary so Module Federation can negotiate the shared singletons before any of them runs.
import('./bootstrap');
