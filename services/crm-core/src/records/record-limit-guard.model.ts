import { workspaceGuard } from '@crm/service-host';

// Taken by every transaction that creates companies, contacts or deals in a workspace on a plan
// with a record limit, before it counts them (record-limit.ts), and by web form leads in every
// workspace before they look for the contact of their email (sales/leads/lead-capture.ts), so two
// submissions of one email processed at once make one contact.
export const recordLimitGuard = workspaceGuard('RecordLimitGuard', 'record_limit_guards');
