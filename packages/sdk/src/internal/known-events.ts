import type { ServerSentEvent } from '../core/streaming.js';

/**
 * A parser of a route's server-sent events: the events named in `known` (the contract's table of
 * them) are decoded from JSON and typed; events a newer server adds are skipped.
 */
export function knownEvents<Event>(
  known: Record<string, unknown>,
): (event: ServerSentEvent) => Event | undefined {
  return (event) => {
    if (!Object.hasOwn(known, event.event)) return undefined;
    return { event: event.event, data: JSON.parse(event.data) } as Event;
  };
}
