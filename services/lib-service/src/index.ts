export { createService } from './service';
export type { Service, ServiceContext, ServiceDefinition } from './service';
export { runService } from './run-service';
export type { RunServiceOptions } from './run-service';
export { CHILD_NOT_FOUND, PARENTS_ONLY, createFamilyLinks } from './family-links';
export type { FamilyLink, FamilyLinks } from './family-links';
