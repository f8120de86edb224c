export { loadConfig, commonConfig, commonConfigSchema, ConfigError } from './config';
export type { CommonConfig } from './config';
export { createLogger } from './logger';
export type { Logger } from './logger';
export { AppError, isAppError } from './errors';
export { createShutdown } from './shutdown';
export type { Shutdown, ShutdownOptions } from './shutdown';
export { mark, timingEnabled, httpTiming } from './timing';
