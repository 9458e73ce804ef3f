import { contactDisplayName, type MeetingCreatedData } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { companyModel } from '../../records/companies/company.model';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import { memberNames } from '../../records/references/members';
import type { MeetingRecord } from './meeting.model';
import type { MeetingView } from './meeting.operations';
import { memberEmails } from './member-emails';

// What meetings point at, joined when they are read (never stored), so a rename shows on the
// next read.
export interface MeetingNames {
  companies: Map<string, string | null>;
  contacts: Map<string, { name: string | null; email: string | null }>;
  users: Map<string, string>;
  userEmails: Map<string, string>;
}

const unique = (ids: Array<string | null | undefined>) => [
  ...new Set(ids.filter((id): id is string => typeof id === 'string')),
];

// One query per kind of name for a whole page.
export async function meetingNames(
  context: ServiceContext,
  workspaceId: string,
  records: readonly MeetingRecord[],
): Promise<MeetingNames> {
  const companyIds = unique(records.map((record) => record.company_id));
  const contactIds = unique(records.flatMap((record) => record.contact_ids ?? []));
  const userIds = unique(records.flatMap((record) => record.user_ids ?? []));
  const [companies, contacts, users, userEmails] = await Promise.all([
    companyIds.length === 0
      ? []
      : companyModel(context.connection)
          .find({ workspace_id: workspaceId, _id: { $in: companyIds } }, { name: 1 })
          .lean<Array<{ _id: string; name: string | null }>>()
          .exec(),
    contactIds.length === 0
      ? []
      : contactModel(context.connection)
          .find({ workspace_id: workspaceId, _id: { $in: contactIds } }, { first_name: 1, last_name: 1, email: 1 })
          .lean<Array<Pick<ContactRecord, '_id' | 'first_name' | 'last_name' | 'email'>>>()
          .exec(),
    memberNames(context, workspaceId, userIds),
    memberEmails(context, workspaceId, userIds),
  ]);
  return {
    companies: new Map(companies.map((company) => [company._id, company.name ?? null])),
    contacts: new Map(
      contacts.map((contact) => [contact._id, { name: contactDisplayName(contact), email: contact.email ?? null }]),
    ),
    users,
    userEmails,
  };
}

export function attendeesOf(record: MeetingRecord, names: MeetingNames): MeetingView['attendees'] {
  return (record.attendees ?? []).map((attendee) =>
    attendee.type === 'user'
      ? {
          type: 'user' as const,
          id: attendee.id,
          name: names.users.get(attendee.id) ?? null,
          email: names.userEmails.get(attendee.id) ?? null,
        }
      : {
          type: 'contact' as const,
          id: attendee.id,
          name: names.contacts.get(attendee.id)?.name ?? null,
          email: names.contacts.get(attendee.id)?.email ?? null,
        },
  );
}

// The stored fields a meeting shows, in its view and in every event about it: written once, so
// the two cannot drift apart.
function storedView(record: MeetingRecord) {
  return {
    title: record.title,
    location: record.location ?? null,
    notes: record.notes ?? null,
    starts_at: record.starts_at,
    ends_at: record.ends_at,
    company_id: record.company_id ?? null,
    organiser_id: record.organiser_id,
    status: record.status,
    outcome: record.outcome ?? null,
    online_meeting: record.online_meeting === true,
    join_url: record.join_url ?? null,
    external_provider: record.external_provider ?? null,
    sync_error: record.sync_error ?? null,
  };
}

export function meetingView(record: MeetingRecord, names: MeetingNames): MeetingView {
  return {
    id: record._id,
    ...storedView(record),
    company_name: record.company_id ? (names.companies.get(record.company_id) ?? null) : null,
    attendees: attendeesOf(record, names),
  };
}

export async function meetingViews(
  context: ServiceContext,
  workspaceId: string,
  records: readonly MeetingRecord[],
): Promise<MeetingView[]> {
  const names = await meetingNames(context, workspaceId, records);
  return records.map((record) => meetingView(record, names));
}

// The public state every meeting event carries (names are joined by consumers).
export function meetingState(record: MeetingRecord): MeetingCreatedData {
  return {
    meeting_id: record._id,
    ...storedView(record),
    attendees: (record.attendees ?? []).map((attendee) => ({ type: attendee.type, id: attendee.id })),
    version: record.version ?? 1,
  };
}
