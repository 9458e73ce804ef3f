import type { EventHandler } from './event-bus';
import { makeEvent, type EventEnvelope, type NewEvent } from './event-envelope';

// An event contract as the bus reads it (@crm/protos declares them with defineEvent): its type
// and its payload's schema, whose `static` is the payload's TypeScript type (TypeBox's way). The
// bus needs nothing else, so consumers and producers get the payload's type from the contract
// they name instead of a cast.
export interface EventSpec<Data = unknown> {
  readonly type: string;
  // The envelope's version (1 when the contract does not say).
  readonly schemaVersion?: number;
  readonly payload: { readonly static: Data };
}

export type DataOf<Spec extends EventSpec> = Spec['payload']['static'];

// An event of one of the given contracts (a union of contracts gives a union of payloads).
export type EventOf<Spec extends EventSpec> = EventEnvelope<DataOf<Spec>>;

// makeEvent for an event of `contract`: the type and the envelope's version come from it, and
// the compiler checks the data against its payload.
export function makeEventOf<Spec extends EventSpec>(
  contract: Spec,
  input: Omit<NewEvent<DataOf<NoInfer<Spec>>>, 'type' | 'version'>,
): EventOf<Spec> {
  return makeEvent({ ...input, type: contract.type, version: contract.schemaVersion ?? 1 });
}

// Narrows an event to the contract(s) its type names: `if (isEvent(event, userUpdated)) event.data.name`.
export function isEvent<Specs extends readonly EventSpec[]>(
  event: EventEnvelope,
  ...contracts: Specs
): event is EventOf<Specs[number]> {
  return contracts.some((contract) => contract.type === event.type);
}

// One handler of a consumer, for the events of one contract or of several (`on([a, b], …)`).
export interface EventRoute {
  readonly types: readonly string[];
  readonly handle: EventHandler;
}

export function on<Spec extends EventSpec>(
  contracts: Spec | readonly Spec[],
  handler: (event: EventOf<Spec>) => Promise<void>,
): EventRoute {
  const list: readonly Spec[] = isSpecList(contracts) ? contracts : [contracts];
  return { types: list.map((contract) => contract.type), handle: (event) => handler(event) };
}

function isSpecList<Spec extends EventSpec>(contracts: Spec | readonly Spec[]): contracts is readonly Spec[] {
  return Array.isArray(contracts);
}

export interface RoutedHandler {
  // The event types to subscribe to, one topic each.
  patterns: string[];
  handler: EventHandler;
}

// A consumer's routes as one subscription: each event goes to the route of its type, in order of
// declaration when two routes name the same type.
//   const { patterns, handler } = routeEvents(on(userUpdated, rename), on([memberAdded, memberUpdated], remember));
//   await bus.subscribe('crm-core.member-names', patterns, handler);
export function routeEvents(...routes: readonly EventRoute[]): RoutedHandler {
  const byType = new Map<string, EventHandler[]>();
  for (const route of routes) {
    for (const type of route.types) byType.set(type, [...(byType.get(type) ?? []), route.handle]);
  }
  return {
    patterns: [...byType.keys()],
    handler: async (event) => {
      for (const handle of byType.get(event.type) ?? []) await handle(event);
    },
  };
}
