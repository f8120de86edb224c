export { createEvent, parseEnvelope, encodeEnvelope } from './envelope';
export type { EventEnvelope } from './envelope';
export { EventBus } from './bus';
export { PoisonMessageError } from './poison';
export type { EventBusOptions, EventHandler, HandlerContext } from './bus';
export { EXCHANGE, topologyFor, retryDelayFor } from './topology';
export type { Topology } from './topology';
export { KNOWN_SUBSCRIPTIONS } from './subscriptions';
