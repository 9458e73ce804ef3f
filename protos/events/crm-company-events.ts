import { Type } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// crm-core's company facts. Each payload is the company's full public state (Company in the
// contract) and its version; a company in the recycle bin has deleted_at set. The names of what
// it points at (stage, source, owner, campaign) are optional: a change that reads them carries
// them, bulk changes do not; a projection that shows names joins them itself.

const nullableString = () => Type.Union([Type.String(), Type.Null()]);
const optionalName = () => Type.Optional(nullableString());

const companyState = {
  company_id: Type.String(),
  name: nullableString(),
  website: nullableString(),
  domain: nullableString(),
  phone: nullableString(),
  address: Type.Object(
    {
      line1: Type.Optional(Type.String()),
      line2: Type.Optional(Type.String()),
      city: Type.Optional(Type.String()),
      region: Type.Optional(Type.String()),
      postcode: Type.Optional(Type.String()),
    },
    { additionalProperties: false },
  ),
  country_code: nullableString(),
  industry: nullableString(),
  turnover_band: nullableString(),
  employee_count: Type.Union([Type.Integer(), Type.Null()]),
  account_number: nullableString(),
  company_number: nullableString(),
  sic_codes: Type.Array(Type.String()),
  description: nullableString(),
  owner_id: nullableString(),
  stage_id: nullableString(),
  source_id: nullableString(),
  campaign_id: nullableString(),
  primary_contact_id: nullableString(),
  custom: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  is_account: Type.Boolean(),
  pipeline_id: nullableString(),
  stage_name: optionalName(),
  owner_name: optionalName(),
  source_name: optionalName(),
  campaign_name: optionalName(),
  deleted_at: nullableString(),
  created_at: Type.String(),
  updated_at: Type.String(),
};

const company = { entity: 'company', idField: 'company_id' };

export const companyCreated = defineEvent({
  type: 'crm.company.created',
  description: 'A company was created.',
  record: company,
  payload: companyState,
});

export const companyUpdated = defineEvent({
  type: 'crm.company.updated',
  description: 'A company was changed: by PATCH, or by a bulk move_stage or reassign.',
  record: company,
  payload: { ...companyState, fields: Type.Array(Type.String(), { description: 'The fields this change set.' }) },
});

export const companyDeleted = defineEvent({
  type: 'crm.company.deleted',
  description:
    'A company went to the recycle bin (deleted_at set): by DELETE, by a bulk delete, or as a source of a merge (merged_into_id set). It is purged after 30 days there.',
  record: company,
  payload: { ...companyState, merged_into_id: nullableString() },
});

export const companyRestored = defineEvent({
  type: 'crm.company.restored',
  description: 'A company came back from the recycle bin (bulk restore).',
  record: company,
  payload: companyState,
});

export const companyMerged = defineEvent({
  type: 'crm.company.merged',
  description:
    'Companies (source_ids, now in the recycle bin) were merged into this one, the survivor; their contacts moved here in the same change. Services holding records of the sources (timeline, tasks, deals, meetings, documents, touchpoints) move them to company_id.',
  record: company,
  payload: { ...companyState, source_ids: Type.Array(Type.String()) },
});

export const companyPurged = defineEvent({
  type: 'crm.company.purged',
  description:
    'A company was deleted for good after 30 days in the recycle bin; the payload is its last state. Its contacts stay, without a company (each gets crm.contact.updated); services holding records of it delete or detach them.',
  record: { ...company, deletes: true },
  payload: companyState,
});

export const CRM_COMPANY_EVENT_CONTRACTS = [
  companyCreated,
  companyUpdated,
  companyDeleted,
  companyRestored,
  companyMerged,
  companyPurged,
] as const;

export type CompanyCreatedData = PayloadOf<typeof companyCreated>;
export type CompanyUpdatedData = PayloadOf<typeof companyUpdated>;
export type CompanyDeletedData = PayloadOf<typeof companyDeleted>;
export type CompanyRestoredData = PayloadOf<typeof companyRestored>;
export type CompanyMergedData = PayloadOf<typeof companyMerged>;
export type CompanyPurgedData = PayloadOf<typeof companyPurged>;

export const CRM_COMPANY_EVENTS_TYPES = {
  companyCreated: companyCreated.type,
  companyUpdated: companyUpdated.type,
  companyDeleted: companyDeleted.type,
  companyRestored: companyRestored.type,
  companyMerged: companyMerged.type,
  companyPurged: companyPurged.type,
} as const;
