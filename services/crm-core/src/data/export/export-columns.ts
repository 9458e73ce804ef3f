import type { identityV1 } from '@crm/protos';
import type { CompanyView } from '../../records/companies/company.operations';
import type { ContactView } from '../../records/contacts/contact.operations';
import type { DealView } from '../../sales/deals/deal.operations';
import type { MeetingView } from '../../work/meetings/meeting.operations';
import type { TaskView } from '../../work/tasks/task.operations';
import type { ActivityView } from '../../work/timeline/activity.operations';
import { booleanCell, jsonCell, listCell, moneyCell, numberCell, textCell } from './export-cells';

// The columns of each CSV file: a header and how the record as the API shows it fills the cell.
// The names are the API's field names (nested address fields flattened to address_<part>), in
// the order docs/export.md lists them.
export type Columns<View> = ReadonlyArray<readonly [header: string, cell: (view: View) => string]>;

export const COMPANY_COLUMNS: Columns<CompanyView> = [
  ['id', (c) => c.id],
  ['name', (c) => textCell(c.name)],
  ['website', (c) => textCell(c.website)],
  ['domain', (c) => textCell(c.domain)],
  ['phone', (c) => textCell(c.phone)],
  ['address_line1', (c) => textCell(c.address?.line1)],
  ['address_line2', (c) => textCell(c.address?.line2)],
  ['address_city', (c) => textCell(c.address?.city)],
  ['address_region', (c) => textCell(c.address?.region)],
  ['address_postcode', (c) => textCell(c.address?.postcode)],
  ['country_code', (c) => textCell(c.country_code)],
  ['industry', (c) => textCell(c.industry)],
  ['turnover_band', (c) => textCell(c.turnover_band)],
  ['employee_count', (c) => numberCell(c.employee_count)],
  ['account_number', (c) => textCell(c.account_number)],
  ['company_number', (c) => textCell(c.company_number)],
  ['sic_codes', (c) => listCell(c.sic_codes)],
  ['description', (c) => textCell(c.description)],
  ['owner_id', (c) => textCell(c.owner_id)],
  ['owner_name', (c) => textCell(c.owner_name)],
  ['pipeline_id', (c) => textCell(c.pipeline_id)],
  ['stage_id', (c) => textCell(c.stage_id)],
  ['stage_name', (c) => textCell(c.stage_name)],
  ['is_account', (c) => booleanCell(c.is_account)],
  ['source_id', (c) => textCell(c.source_id)],
  ['source_name', (c) => textCell(c.source_name)],
  ['campaign_id', (c) => textCell(c.campaign_id)],
  ['campaign_name', (c) => textCell(c.campaign_name)],
  ['primary_contact_id', (c) => textCell(c.primary_contact_id)],
  ['custom', (c) => jsonCell(c.custom)],
  ['created_at', (c) => c.created_at],
  ['updated_at', (c) => c.updated_at],
];

export const CONTACT_COLUMNS: Columns<ContactView> = [
  ['id', (c) => c.id],
  ['first_name', (c) => textCell(c.first_name)],
  ['last_name', (c) => textCell(c.last_name)],
  ['email', (c) => textCell(c.email)],
  ['phone', (c) => textCell(c.phone)],
  ['mobile', (c) => textCell(c.mobile)],
  ['job_title', (c) => textCell(c.job_title)],
  ['company_id', (c) => textCell(c.company_id)],
  ['reports_to_id', (c) => textCell(c.reports_to_id)],
  ['owner_id', (c) => textCell(c.owner_id)],
  ['lawful_basis', (c) => textCell(c.lawful_basis)],
  ['custom', (c) => jsonCell(c.custom)],
  ['created_at', (c) => c.created_at],
  ['updated_at', (c) => c.updated_at],
];

export const DEAL_COLUMNS: Columns<DealView> = [
  ['id', (d) => d.id],
  ['name', (d) => textCell(d.name)],
  ['company_id', (d) => textCell(d.company_id)],
  ['company_name', (d) => textCell(d.company_name)],
  ['contact_id', (d) => textCell(d.contact_id)],
  ['contact_name', (d) => textCell(d.contact_name)],
  ['value', (d) => moneyCell(d.value)],
  ['currency', (d) => textCell(d.currency)],
  ['pipeline_id', (d) => textCell(d.pipeline_id)],
  ['stage_id', (d) => textCell(d.stage_id)],
  ['stage_name', (d) => textCell(d.stage_name)],
  ['stage_kind', (d) => textCell(d.stage_kind)],
  ['probability', (d) => numberCell(d.probability)],
  ['expected_close', (d) => textCell(d.expected_close)],
  ['status', (d) => textCell(d.status)],
  ['closed_at', (d) => textCell(d.closed_at)],
  ['lost_reason', (d) => textCell(d.lost_reason)],
  ['owner_id', (d) => textCell(d.owner_id)],
  ['owner_name', (d) => textCell(d.owner_name)],
  ['source_id', (d) => textCell(d.source_id)],
  ['campaign_id', (d) => textCell(d.campaign_id)],
  ['campaign_name', (d) => textCell(d.campaign_name)],
  ['custom', (d) => jsonCell(d.custom)],
  ['created_at', (d) => d.created_at],
  ['updated_at', (d) => d.updated_at],
];

export const ACTIVITY_COLUMNS: Columns<ActivityView> = [
  ['id', (a) => a.id],
  ['type', (a) => textCell(a.type)],
  ['subject', (a) => textCell(a.subject)],
  ['body', (a) => textCell(a.body)],
  ['outcome', (a) => textCell(a.outcome)],
  ['target_type', (a) => textCell(a.target_type)],
  ['target_id', (a) => textCell(a.target_id)],
  ['actor_type', (a) => textCell(a.actor_type)],
  ['actor_id', (a) => textCell(a.actor_id)],
  ['actor_label', (a) => textCell(a.actor_label)],
  ['occurred_at', (a) => a.occurred_at],
];

export const TASK_COLUMNS: Columns<TaskView> = [
  ['id', (t) => t.id],
  ['title', (t) => textCell(t.title)],
  ['notes', (t) => textCell(t.notes)],
  ['due_at', (t) => textCell(t.due_at)],
  ['remind_at', (t) => textCell(t.remind_at)],
  ['status', (t) => textCell(t.status)],
  ['target_type', (t) => textCell(t.target_type)],
  ['target_id', (t) => textCell(t.target_id)],
  ['assignee_id', (t) => textCell(t.assignee_id)],
  ['created_by', (t) => textCell(t.created_by)],
  ['completed_at', (t) => textCell(t.completed_at)],
  ['created_at', (t) => t.created_at],
];

export const MEETING_COLUMNS: Columns<MeetingView> = [
  ['id', (m) => m.id],
  ['title', (m) => textCell(m.title)],
  ['location', (m) => textCell(m.location)],
  ['notes', (m) => textCell(m.notes)],
  ['starts_at', (m) => m.starts_at],
  ['ends_at', (m) => m.ends_at],
  ['company_id', (m) => textCell(m.company_id)],
  ['company_name', (m) => textCell(m.company_name)],
  ['organiser_id', (m) => textCell(m.organiser_id)],
  ['status', (m) => textCell(m.status)],
  ['outcome', (m) => textCell(m.outcome)],
  ['attendees', (m) => jsonCell(m.attendees)],
  ['online_meeting', (m) => booleanCell(m.online_meeting)],
  ['join_url', (m) => textCell(m.join_url)],
  ['external_provider', (m) => textCell(m.external_provider)],
  ['sync_error', (m) => textCell(m.sync_error)],
];

export const USER_COLUMNS: Columns<identityV1.MemberEntry> = [
  ['id', (u) => u.id],
  ['name', (u) => textCell(u.name)],
  ['email', (u) => textCell(u.email)],
  ['avatar', (u) => textCell(u.avatar)],
  ['role', (u) => textCell(u.role)],
  ['status', (u) => textCell(u.status)],
];

export const headerOf = <View>(columns: Columns<View>): string[] => columns.map(([header]) => header);
export const rowOf = <View>(columns: Columns<View>, view: View): string[] => columns.map(([, cell]) => cell(view));
