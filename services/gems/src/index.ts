export { buildService } from './app';
export { readConfig, configSchema } from './config';
