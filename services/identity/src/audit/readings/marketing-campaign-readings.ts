import {
  campaignCreated,
  campaignDeleted,
  campaignUpdated,
  spendDeleted,
  spendRecorded,
  spendUpdated,
  type EventData,
} from '@crm/protos';
import { reads } from './audit-reading';
import { text } from './audit-text';

// How the audit log reads marketing's campaign events (protos/events/marketing-campaign-events.ts).

const campaignName = (data: EventData) => text(data, 'name');

const namedCampaign = (verb: string) => (data: EventData) => `${verb} campaign "${campaignName(data) ?? ''}"`;

const spendSummary = (verb: string) => (data: EventData) =>
  `${verb} spend of ${typeof data.amount === 'number' ? data.amount.toFixed(2) : ''} ${text(data, 'currency') ?? ''} on campaign "${text(data, 'campaign_name') ?? ''}"`;

const spendName = (data: EventData) => text(data, 'external_ref') ?? text(data, 'spent_on');

export const MARKETING_CAMPAIGN_READINGS = [
  reads(campaignCreated, { source: 'record', objectName: campaignName, summary: namedCampaign('Created') }),
  reads(campaignUpdated, { source: 'record', objectName: campaignName, summary: namedCampaign('Updated') }),
  reads(campaignDeleted, { source: 'record', objectName: campaignName, summary: namedCampaign('Deleted') }),
  reads(spendRecorded, { source: 'record', objectName: spendName, summary: spendSummary('Recorded') }),
  reads(spendUpdated, { source: 'record', objectName: spendName, summary: spendSummary('Replaced') }),
  reads(spendDeleted, { source: 'record', objectName: spendName, summary: spendSummary('Deleted') }),
];
