export { buildService } from './app';
export type { GiftsService } from './app';
export { readConfig, configSchema } from './config';
export type { GiftsConfig } from './config';
