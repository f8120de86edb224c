import './types';

export { createAuth } from './auth';
export type { Auth, AuthOptions } from './auth';
export { createKeycloakAdmin, KeycloakAdminError } from './keycloak-admin';
export type { KeycloakAdmin, KeycloakAdminOptions, KeycloakUser, NewKeycloakUser } from './keycloak-admin';
export { toAuthUser, bearerToken } from './claims';
export type { AuthUser } from './types';
