import { runService } from '@kidslearn/lib-service';
import { buildService } from './app';
import { loadContentConfig } from './config';

runService({ readConfig: () => loadContentConfig(), build: buildService });
