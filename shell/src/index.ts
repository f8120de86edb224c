import { startConfigLoad } from './config/early-config';

// config.json (and the remote it names for this URL) start downloading at once.
void startConfigLoad();
// Async boundary so Module Federation can negotiate the shared singletons before any of them runs.
import('./bootstrap');
