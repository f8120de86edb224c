export { env, secret, uniqueDbUrl, randomSuffix } from './env';
export { tokenFor, createLearner, createAdmin, keycloakAdmin } from './keycloak';
export type { TestUser } from './keycloak';
export { eventually } from './eventually';
export { roundRobin, testInstances } from './instances';
export type { RoundRobin } from './instances';
