import { isEventType, parseEventData, type Event, type EventType } from '@kidslearn/contracts';
import type { EventEnvelope } from './envelope';
import type { EventBus, HandlerContext } from './bus';
import { PoisonMessageError } from './poison';

/** A consumer of one catalogued event type: it gets the delivery with its data parsed by the type's schema. */
export type TypedHandler<T extends EventType> = (event: Event<T>, ctx: HandlerContext) => Promise<void> | void;
export type EventHandlers = { [T in EventType]?: TypedHandler<T> };

/**
 * Wraps a typed handler for the bus: the delivery's data is parsed with its type's schema (docs/CONTRACTS.md
 * "Events"); data that does not parse, or a delivery of another type, can never succeed: PoisonMessageError,
 * so the bus dead-letters it at once instead of retrying.
 */
export function eventHandler<T extends EventType>(type: T, handler: TypedHandler<T>) {
  return (event: EventEnvelope, ctx: HandlerContext): Promise<void> | void => {
    if (event.type !== type || !isEventType(event.type)) throw new PoisonMessageError(`a ${event.type} delivered to the ${type} handler`);
    const parsed = parseEventData(type, event.data);
    if ('error' in parsed) throw new PoisonMessageError(`invalid ${type} payload: ${parsed.error}`.slice(0, 400));
    return handler({ ...event, type, data: parsed.data }, ctx);
  };
}

/**
 * Subscribes the handlers through the service's queue, all types in one call (the consumer starts with every
 * binding in place, so no delivery meets a type whose handler is still to come).
 */
export async function subscribeEvents(bus: Pick<EventBus, 'subscribe'>, handlers: EventHandlers): Promise<void> {
  const types = Object.keys(handlers) as EventType[];
  const wrapped = new Map(types.map((type) => [type, eventHandler(type, handlers[type] as TypedHandler<typeof type>)]));
  await bus.subscribe(types, (event, ctx) => {
    const handler = wrapped.get(event.type as EventType);
    if (!handler) throw new PoisonMessageError(`no handler for ${event.type}`);
    return handler(event, ctx);
  });
}
