import { touchpointMoved, touchpointRecorded, type EventData } from '@crm/protos';
import { reads } from './audit-reading';
import { text } from './audit-text';

// How the audit log reads marketing's touchpoint events (protos/events/marketing-touchpoint-events.ts).

const touchpointName = (data: EventData) => text(data, 'campaign_name');

export const MARKETING_TOUCHPOINT_READINGS = [
  reads(touchpointRecorded, {
    source: 'record',
    objectName: touchpointName,
    summary: (data) => `Recorded ${text(data, 'kind') ?? ''} touchpoint for campaign "${touchpointName(data) ?? ''}"`,
  }),
  reads(touchpointMoved, {
    source: 'record',
    objectName: touchpointName,
    summary: (data) => `Moved a touchpoint of campaign "${touchpointName(data) ?? ''}" to the merged record`,
  }),
];
