export type { Component, LaunchSpec } from './component';
export { infraEnv } from './env';
export { InfraError } from './errors';
export { components, infrastructure, pick } from './registry';
export { formatStatus, installAll, startAll, statusAll, stopAll } from './runner';
export { startPrivateBroker, type PrivateBroker } from './private-broker';
export { startPrivateRedis } from './private-redis';
export { startPrivateFerretDb } from './private-ferretdb';
export type { PrivateServer } from './private-server';
