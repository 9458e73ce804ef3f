import { webhookCreated, webhookDeleted, webhookDisabled, webhookUpdated, type EventData } from '@crm/protos';
import { reads } from './audit-reading';

// How the audit log reads webhooks' events (protos/events/webhooks-events.ts).

const name = (data: EventData) => (typeof data.url === 'string' ? data.url : null);

export const WEBHOOKS_READINGS = [
  reads(webhookCreated, { source: 'admin', objectName: name, summary: 'Added webhook endpoint {url}' }),
  reads(webhookUpdated, {
    source: 'admin',
    objectName: name,
    summary: (data) =>
      data.secret_rotated === true
        ? `Rotated the signing secret of webhook endpoint ${String(data.url)}`
        : `Updated webhook endpoint ${String(data.url)}`,
  }),
  reads(webhookDeleted, { source: 'admin', objectName: name, summary: 'Deleted webhook endpoint {url}' }),
  reads(webhookDisabled, {
    source: 'admin',
    objectName: name,
    summary: 'Webhook endpoint {url} disabled after failing deliveries',
  }),
];
