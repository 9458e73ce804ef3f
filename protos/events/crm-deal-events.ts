import { Type } from '@sinclair/typebox';
import { defineEvent, type ErasureRule, type PayloadOf } from './event-contract';
import { ERASED_CONTACT_NAME, namesContact } from './erasure';

// crm-core's deal facts. Each payload is the deal's full public state (Deal in the contract) and
// its version. Money travels as the contract shows it (a number in major units, exact to the
// cent: see docs/money.md). Names of what a deal points at are optional: a change made through
// the API reads them, changes that follow another record's (a merge, a purge) do not.

const nullableString = () => Type.Union([Type.String(), Type.Null()]);
const optionalName = () => Type.Optional(nullableString());

const dealState = {
  deal_id: Type.String(),
  name: Type.String(),
  company_id: nullableString(),
  contact_id: nullableString(),
  value: Type.Number({ minimum: 0, description: 'Major units, at most two decimals.' }),
  currency: Type.String(),
  pipeline_id: Type.String(),
  stage_id: Type.String(),
  probability: Type.Union([Type.Integer(), Type.Null()], {
    description: "The deal's own probability; null when it follows its stage's.",
  }),
  expected_close: nullableString(),
  status: Type.String({ description: 'open, won or lost' }),
  closed_at: nullableString(),
  lost_reason: nullableString(),
  owner_id: nullableString(),
  source_id: nullableString(),
  campaign_id: nullableString(),
  custom: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  company_name: optionalName(),
  contact_name: optionalName(),
  stage_name: optionalName(),
  stage_kind: optionalName(),
  owner_name: optionalName(),
  campaign_name: optionalName(),
  created_at: Type.String(),
  updated_at: Type.String(),
};

const deal = { entity: 'deal', idField: 'deal_id' };

// A deal keeps pointing at the erased contact; the name it carried reads as the contact now does.
const erasesContactName: ErasureRule = (data, contactId) =>
  namesContact(data.contact_id, contactId) && typeof data.contact_name === 'string'
    ? { ...data, contact_name: ERASED_CONTACT_NAME }
    : null;

export const dealCreated = defineEvent({
  type: 'crm.deal.created',
  description: 'A deal was created.',
  record: deal,
  erasure: erasesContactName,
  payload: dealState,
});

export const dealUpdated = defineEvent({
  type: 'crm.deal.updated',
  description:
    'A deal was changed: by PATCH (a move to a won or lost stage closes it: status and closed_at are among fields; a move back to an open stage reopens it), by the deletion of its stage (moved to move_to), or because its company or contact was merged into another (company_id or contact_id moved) or purged (cleared).',
  record: deal,
  erasure: erasesContactName,
  payload: { ...dealState, fields: Type.Array(Type.String(), { description: 'The fields this change set.' }) },
});

export const dealDeleted = defineEvent({
  type: 'crm.deal.deleted',
  description:
    'A deal was deleted for good (deals have no recycle bin); the payload is its last state with the next version.',
  record: { ...deal, deletes: true },
  erasure: erasesContactName,
  payload: dealState,
});

export const CRM_DEAL_EVENT_CONTRACTS = [dealCreated, dealUpdated, dealDeleted] as const;

export type DealCreatedData = PayloadOf<typeof dealCreated>;
export type DealUpdatedData = PayloadOf<typeof dealUpdated>;
export type DealDeletedData = PayloadOf<typeof dealDeleted>;

export const CRM_DEAL_EVENTS_TYPES = {
  dealCreated: dealCreated.type,
  dealUpdated: dealUpdated.type,
  dealDeleted: dealDeleted.type,
} as const;
