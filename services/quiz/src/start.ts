import { runService } from '@kidslearn/lib-service';
import { buildService } from './app';
import { readConfig } from './config';

runService({ readConfig: () => readConfig(), build: buildService });
