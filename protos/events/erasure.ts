import { Value } from '@sinclair/typebox/value';
import { isEventData, type EventContract, type EventContractRegistry, type PayloadOf } from './event-contract';

// A contact's erasure (crm.contact.erased, docs/privacy.md) as events see it. The services keep
// copies of events after delivering them (sent outbox rows, parked rows, dead letters); each
// event's contract says what such a copy becomes once a contact it names is erased (`erasure`),
// so every service rewrites its copies by the same rule and a consumer still waiting for one
// receives a payload that conforms to its contract, without the person.

// How an erased contact reads from then on, in its record and in every event about it.
export const ERASED_CONTACT_STATE = {
  company_id: null,
  reports_to_id: null,
  owner_id: null,
  first_name: 'Erased',
  last_name: 'contact',
  email: null,
  phone: null,
  mobile: null,
  job_title: null,
  lawful_basis: null,
  custom: {},
} as const;

export const ERASED_CONTACT_NAME = `${ERASED_CONTACT_STATE.first_name} ${ERASED_CONTACT_STATE.last_name}`;

// What replaces a person's value inside text that is not theirs (a file name, a note on a company).
export const ERASED_TEXT = '[erased]';

// A payload field holds the contact's id: compared as a whole value, never as part of a text.
export function namesContact(value: unknown, contactId: string): boolean {
  return typeof value === 'string' && value.toLowerCase() === contactId;
}

// The payload once `contactId` is erased, or null when the event holds nothing of the person
// (its type has no rule, or the rule finds none of their values). The id is taken in any case.
export function payloadAfterErasure(
  registry: EventContractRegistry,
  event: { type: string; data: unknown },
  contactId: string,
): Record<string, unknown> | null {
  const rule = registry.get(event.type)?.erasure;
  if (!rule || !isEventData(event.data)) return null;
  return rule(event.data, contactId.toLowerCase());
}

// A payload a producer is about to publish, once `contactId` is erased (a file that goes with its
// person), typed as its contract's payload: the payload itself when it holds nothing of them.
// The rule keeps it conforming; a rule that did not would be refused here, before the publish.
export function payloadWithoutContact<Contract extends EventContract>(
  contract: Contract,
  data: PayloadOf<Contract>,
  contactId: string,
): PayloadOf<Contract> {
  const erased = contract.erasure?.(data, contactId.toLowerCase()) ?? null;
  if (erased === null) return data;
  if (!Value.Check(contract.payload, erased)) throw new Error(`${contract.type}: its erasure rule broke the contract`);
  return erased;
}
