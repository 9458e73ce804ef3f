// Event contracts: one declaration per event type, imported by producers and consumers alike.
import { contractRegistry } from './event-contract';
import { BILLING_EVENT_CONTRACTS } from './billing-events';
import { CRM_CATALOGUE_EVENT_CONTRACTS } from './crm-catalogue-events';
import { CRM_COMPANY_EVENT_CONTRACTS } from './crm-company-events';
import { CRM_CONTACT_EVENT_CONTRACTS } from './crm-contact-events';
import { CRM_DEAL_EVENT_CONTRACTS } from './crm-deal-events';
import { CRM_DUPLICATE_EVENT_CONTRACTS } from './crm-duplicate-events';
import { CRM_ACTIVITY_EVENT_CONTRACTS } from './crm-activity-events';
import { CRM_TASK_EVENT_CONTRACTS } from './crm-task-events';
import { CRM_MEETING_EVENT_CONTRACTS } from './crm-meeting-events';
import { CRM_CALENDAR_EVENT_CONTRACTS } from './crm-calendar-events';
import { CRM_VIEW_EVENT_CONTRACTS } from './crm-view-events';
import { CRM_EXPORT_EVENT_CONTRACTS } from './crm-export-events';
import { DOCUMENTS_EVENT_CONTRACTS } from './documents-events';
import { IDENTITY_EVENT_CONTRACTS } from './identity-events';
import { MARKETING_CAMPAIGN_EVENT_CONTRACTS } from './marketing-campaign-events';
import { MARKETING_TOUCHPOINT_EVENT_CONTRACTS } from './marketing-touchpoint-events';
import { MARKETING_WEB_FORM_EVENT_CONTRACTS } from './marketing-web-form-events';
import { REPORTS_EVENT_CONTRACTS } from './reports-events';
import { WEBHOOKS_EVENT_CONTRACTS } from './webhooks-events';
import { payloadAfterErasure } from './erasure';

export * from './event-contract';
export * from './erasure';
export * from './identity-events';
export * from './crm-view-events';
export * from './crm-catalogue-events';
export * from './crm-company-events';
export * from './crm-contact-events';
export * from './crm-deal-events';
export * from './crm-duplicate-events';
export * from './crm-activity-events';
export * from './crm-task-events';
export * from './marketing-campaign-events';
export * from './marketing-touchpoint-events';
export * from './marketing-web-form-events';
export * from './crm-meeting-events';
export * from './crm-calendar-events';
export * from './crm-export-events';
export * from './documents-events';
export * from './billing-events';
export * from './reports-events';
export * from './webhooks-events';
export * from './catalogue';
// The schema builder contracts are written with, so a declaration needs nothing else.
export { Type, type Static } from '@sinclair/typebox';

// Every declared event. A new service adds its list here (protos/events/<context>-events.ts).
export const EVENT_CONTRACTS = contractRegistry(
  IDENTITY_EVENT_CONTRACTS,
  CRM_VIEW_EVENT_CONTRACTS,
  CRM_CATALOGUE_EVENT_CONTRACTS,
  CRM_CONTACT_EVENT_CONTRACTS,
  CRM_COMPANY_EVENT_CONTRACTS,
  CRM_DEAL_EVENT_CONTRACTS,
  CRM_DUPLICATE_EVENT_CONTRACTS,
  CRM_ACTIVITY_EVENT_CONTRACTS,
  CRM_TASK_EVENT_CONTRACTS,
  CRM_MEETING_EVENT_CONTRACTS,
  CRM_CALENDAR_EVENT_CONTRACTS,
  CRM_EXPORT_EVENT_CONTRACTS,
  MARKETING_CAMPAIGN_EVENT_CONTRACTS,
  MARKETING_TOUCHPOINT_EVENT_CONTRACTS,
  MARKETING_WEB_FORM_EVENT_CONTRACTS,
  DOCUMENTS_EVENT_CONTRACTS,
  BILLING_EVENT_CONTRACTS,
  REPORTS_EVENT_CONTRACTS,
  WEBHOOKS_EVENT_CONTRACTS,
);

// The rule every service applies to the events it keeps once a contact is erased (erasure.ts):
// each kept event's payload without the person, or null when it holds nothing of them.
export function contactErasureOf(
  contactId: string,
): (event: { type: string; data: unknown }) => Record<string, unknown> | null {
  return (event) => payloadAfterErasure(EVENT_CONTRACTS, event, contactId);
}
