import { Type } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// marketing's campaign and spend facts. A campaign payload is the campaign's own public state
// (Campaign in the contract without its running totals, which follow other records: spend lines,
// companies, deals, touchpoints) and its version. A spend payload is one spend line's public state
// (CampaignSpend) with the campaign it belongs to and that campaign's currency. Money travels in
// major units, exact to the cent (docs/money.md).

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

const campaignState = {
  campaign_id: Type.String(),
  name: Type.String(),
  source_id: nullableString(),
  status: Type.String({ description: 'planned, active or ended' }),
  starts_on: nullableString(),
  ends_on: nullableString(),
  budget: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'Major units, campaign currency.' }),
  currency: Type.String(),
  utm_campaign: nullableString(),
  external_ref: nullableString(),
  owner_id: nullableString(),
  notes: nullableString(),
  created_at: Type.String(),
  updated_at: Type.String(),
};

const campaign = { entity: 'campaign', idField: 'campaign_id' };

export const campaignCreated = defineEvent({
  type: 'marketing.campaign.created',
  description: 'A campaign was created.',
  record: campaign,
  payload: campaignState,
});

export const campaignUpdated = defineEvent({
  type: 'marketing.campaign.updated',
  description: 'A campaign was changed by PATCH (a rename shows on the companies and deals it is credited with).',
  record: campaign,
  payload: { ...campaignState, fields: Type.Array(Type.String(), { description: 'The fields this change set.' }) },
});

export const campaignDeleted = defineEvent({
  type: 'marketing.campaign.deleted',
  description:
    'A campaign was deleted; the payload is its last state with the next version. Records it brought in keep their campaign_id, and reports attribute them by this last name.',
  record: { ...campaign, deletes: true },
  payload: campaignState,
});

const spendState = {
  spend_id: Type.String(),
  campaign_id: Type.String(),
  campaign_name: Type.String(),
  spent_on: Type.String({ description: 'YYYY-MM-DD' }),
  amount: Type.Number({ minimum: 0, description: 'Major units, at most two decimals, campaign currency.' }),
  currency: Type.String(),
  note: nullableString(),
  external_ref: nullableString(),
  created_at: Type.String(),
};

const spend = { entity: 'spend', idField: 'spend_id' };

export const spendRecorded = defineEvent({
  type: 'marketing.spend.recorded',
  description: 'A spend line was added to a campaign (POST /campaigns/{id}/spend).',
  record: spend,
  payload: spendState,
});

export const spendUpdated = defineEvent({
  type: 'marketing.spend.updated',
  description: 'A spend line was replaced by a line with the same external_ref in the same campaign.',
  record: spend,
  payload: spendState,
});

export const spendDeleted = defineEvent({
  type: 'marketing.spend.deleted',
  description:
    'A spend line was deleted (DELETE /campaigns/{id}/spend/{spend_id}); the payload is its last state with the next version.',
  record: { ...spend, deletes: true },
  payload: spendState,
});

export const MARKETING_CAMPAIGN_EVENT_CONTRACTS = [
  campaignCreated,
  campaignUpdated,
  campaignDeleted,
  spendRecorded,
  spendUpdated,
  spendDeleted,
] as const;

export type CampaignCreatedData = PayloadOf<typeof campaignCreated>;
export type CampaignUpdatedData = PayloadOf<typeof campaignUpdated>;
export type CampaignDeletedData = PayloadOf<typeof campaignDeleted>;
export type SpendRecordedData = PayloadOf<typeof spendRecorded>;
export type SpendUpdatedData = PayloadOf<typeof spendUpdated>;
export type SpendDeletedData = PayloadOf<typeof spendDeleted>;

export const MARKETING_CAMPAIGN_EVENTS_TYPES = {
  campaignCreated: campaignCreated.type,
  campaignUpdated: campaignUpdated.type,
  campaignDeleted: campaignDeleted.type,
  spendRecorded: spendRecorded.type,
  spendUpdated: spendUpdated.type,
  spendDeleted: spendDeleted.type,
} as const;
