import { BILLING_READINGS } from './billing-readings';
import { CRM_ACTIVITY_READINGS } from './crm-activity-readings';
import { CRM_CALENDAR_READINGS } from './crm-calendar-readings';
import { CRM_CATALOGUE_READINGS } from './crm-catalogue-readings';
import { CRM_COMPANY_READINGS } from './crm-company-readings';
import { CRM_CONTACT_READINGS } from './crm-contact-readings';
import { CRM_DEAL_READINGS } from './crm-deal-readings';
import { CRM_DUPLICATE_READINGS } from './crm-duplicate-readings';
import { CRM_EXPORT_READINGS } from './crm-export-readings';
import { CRM_MEETING_READINGS } from './crm-meeting-readings';
import { CRM_TASK_READINGS } from './crm-task-readings';
import { CRM_VIEW_READINGS } from './crm-view-readings';
import { DOCUMENTS_READINGS } from './documents-readings';
import { IDENTITY_READINGS } from './identity-readings';
import { MARKETING_CAMPAIGN_READINGS } from './marketing-campaign-readings';
import { MARKETING_TOUCHPOINT_READINGS } from './marketing-touchpoint-readings';
import { MARKETING_WEB_FORM_READINGS } from './marketing-web-form-readings';
import { REPORTS_READINGS } from './reports-readings';
import { WEBHOOKS_READINGS } from './webhooks-readings';
import { auditReadings } from './audit-reading';

export * from './audit-reading';

// How the audit log reads every declared event (protos/events/): a new contract adds its
// reading here, and a test fails until it does.
export const AUDIT_READINGS = auditReadings(
  BILLING_READINGS,
  CRM_ACTIVITY_READINGS,
  CRM_CALENDAR_READINGS,
  CRM_CATALOGUE_READINGS,
  CRM_COMPANY_READINGS,
  CRM_CONTACT_READINGS,
  CRM_DEAL_READINGS,
  CRM_DUPLICATE_READINGS,
  CRM_EXPORT_READINGS,
  CRM_MEETING_READINGS,
  CRM_TASK_READINGS,
  CRM_VIEW_READINGS,
  DOCUMENTS_READINGS,
  IDENTITY_READINGS,
  MARKETING_CAMPAIGN_READINGS,
  MARKETING_TOUCHPOINT_READINGS,
  MARKETING_WEB_FORM_READINGS,
  REPORTS_READINGS,
  WEBHOOKS_READINGS,
);
