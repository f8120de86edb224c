export { createService } from './service';
export type { Service, ServiceContext, ServiceDefinition } from './service';
export { runService } from './run-service';
export type { RunServiceOptions } from './run-service';
