import { call, inBatches, isoNow } from '@crm/kit';
import { documentsV1, identityV1, marketingV1 } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { findContact } from '../../records/contacts/contact-store';
import { contactView } from '../../records/contacts/contact-view';
import { dealModel, type DealRecord } from '../../sales/deals/deal.model';
import { meetingModel, type MeetingRecord } from '../../work/meetings/meeting.model';
import { meetingViews } from '../../work/meetings/meeting-view';
import { taskModel, type TaskRecord } from '../../work/tasks/task.model';
import { taskView } from '../../work/tasks/task-view';
import { activityModel, type ActivityRecord } from '../../work/timeline/activity.model';
import { activityView } from '../../work/timeline/activity-view';
import { erasedContactModel, type ErasedContactRecord } from './erased-contact.model';
import { MENTIONING_FIELDS, mentionPattern, mentionQuery, namesPerson, personTerms } from './erasure-text';
import type { PersonalDataView } from './privacy.operations';

// Each part of the document is bounded: a subject access request is answered in one go, and a
// person with more than this in one part is a case for an export, not a page of JSON.
export const PERSONAL_DATA_PART_MAX = 1000;

// Records of crm-core whose text fields name the person, besides those linked by id.
function mentioning(terms: readonly string[], fields: readonly string[]): Array<Record<string, unknown>> {
  const query = mentionQuery(mentionPattern(terms));
  return query === null ? [] : fields.map((field) => ({ [field]: query }));
}

// Timeline entries of the workspace read at a time while looking for the person's name.
const SCAN_PAGE = 500;

// Entries on other records' timelines naming the person, newest first, at most
// PERSONAL_DATA_PART_MAX. The workspace's entries are read a page at a time (their text only) and
// tested here, with turns of the event loop between pages (inBatches): one query testing the pattern against
// every entry of a large workspace held the thread, and every request on it, for the whole scan.
async function mentioningEntries(
  context: ServiceContext,
  workspaceId: string,
  contactId: string,
  pattern: RegExp | null,
): Promise<ActivityRecord[]> {
  if (pattern === null) return [];
  const activities = activityModel(context.connection);
  const fields = MENTIONING_FIELDS.activity;
  // As the store orders strings (by code point), newest first.
  const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  const newestFirst = (a: ActivityRecord, b: ActivityRecord) =>
    descending(a.occurred_at, b.occurred_at) || descending(a._id, b._id);
  let naming: ActivityRecord[] = [];
  for await (const page of inBatches(activities, { workspace_id: workspaceId }, null, SCAN_PAGE, {
    select: [...fields, 'occurred_at', 'target_type', 'target_id'],
  })) {
    for (const entry of page) {
      if (entry.target_type === 'contact' && entry.target_id === contactId) continue;
      if (namesPerson(entry, fields, pattern)) naming.push(entry);
    }
    if (naming.length > 2 * PERSONAL_DATA_PART_MAX) naming = naming.sort(newestFirst).slice(0, PERSONAL_DATA_PART_MAX);
  }
  const ids = naming
    .sort(newestFirst)
    .slice(0, PERSONAL_DATA_PART_MAX)
    .map((entry) => entry._id);
  if (ids.length === 0) return [];
  const found = await activities
    .find({ workspace_id: workspaceId, _id: { $in: ids } })
    .lean<ActivityRecord[]>()
    .exec();
  return found.sort(newestFirst);
}

// Everything held about one contact across the services: crm-core's own records, then
// marketing's touchpoints, documents' files and identity's audit entries over gRPC (each
// unreachable service answers 503 for the whole request: a partial answer to a subject access
// request would look complete).
export async function personalData(
  context: ServiceContext,
  workspaceId: string,
  contactId: string,
): Promise<PersonalDataView> {
  const contact = await findContact(context, workspaceId, contactId);
  const erased = await erasedContactModel(context.connection)
    .findOne({ _id: contactId, workspace_id: workspaceId })
    .lean<ErasedContactRecord>()
    .exec();
  const terms = erased ? [] : personTerms(contact);
  const activities = activityModel(context.connection);
  const [timeline, mentions, tasks, meetings, deals] = await Promise.all([
    activities
      .find({ workspace_id: workspaceId, target_type: 'contact', target_id: contactId })
      .sort({ occurred_at: -1, _id: -1 })
      .limit(PERSONAL_DATA_PART_MAX)
      .lean<ActivityRecord[]>()
      .exec(),
    mentioningEntries(context, workspaceId, contactId, mentionPattern(terms)),
    taskModel(context.connection)
      .find({
        workspace_id: workspaceId,
        $or: [{ target_type: 'contact', target_id: contactId }, ...mentioning(terms, ['title', 'notes'])],
      })
      .sort({ created_at: -1, _id: -1 })
      .limit(PERSONAL_DATA_PART_MAX)
      .lean<TaskRecord[]>()
      .exec(),
    meetingModel(context.connection)
      .find({
        workspace_id: workspaceId,
        $or: [{ contact_ids: contactId }, ...mentioning(terms, ['title', 'notes', 'location'])],
      })
      .sort({ starts_at: -1, _id: -1 })
      .limit(PERSONAL_DATA_PART_MAX)
      .lean<MeetingRecord[]>()
      .exec(),
    dealModel(context.connection)
      .find({ workspace_id: workspaceId, contact_id: contactId })
      .sort({ created_at: -1, _id: -1 })
      .limit(PERSONAL_DATA_PART_MAX)
      .lean<DealRecord[]>()
      .exec(),
  ]);
  const marketing = peerClient(context, 'marketing', marketingV1.MarketingServiceClient);
  const documents = peerClient(context, 'documents', documentsV1.DocumentsServiceClient);
  const identity = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  const [touchpoints, files, audit] = await Promise.all([
    call(marketing.listTouchpointsOf.bind(marketing), { workspace_id: workspaceId, contact_id: contactId }),
    call(documents.listFilesOf.bind(documents), {
      workspace_id: workspaceId,
      target_type: 'contact',
      target_id: contactId,
    }),
    call(identity.listAuditEntriesAbout.bind(identity), {
      workspace_id: workspaceId,
      object_type: 'contact',
      object_id: contactId,
    }),
  ]);
  return {
    generated_at: isoNow(),
    erased: erased !== null,
    erased_at: erased?.erased_at ?? null,
    contact: contactView(contact),
    timeline: timeline.map(activityView),
    mentions: mentions.map(activityView),
    tasks: tasks.map(taskView),
    meetings: await meetingViews(context, workspaceId, meetings),
    deals: deals.map((deal) => ({
      id: deal._id,
      name: deal.name,
      status: deal.status,
      company_id: deal.company_id ?? null,
    })),
    touchpoints: touchpoints.touchpoints.map((touchpoint) => ({
      id: touchpoint.id,
      campaign_id: touchpoint.campaign_id,
      campaign_name: touchpoint.campaign_name,
      kind: touchpoint.kind,
      occurred_at: touchpoint.occurred_at,
      note: touchpoint.note ?? null,
      external_ref: touchpoint.external_ref ?? null,
      company_id: touchpoint.company_id ?? null,
    })),
    documents: files.files.map((file) => ({
      id: file.id,
      name: file.name,
      content_type: file.content_type,
      size_bytes: Number(file.size_bytes),
      status: file.status,
      created_at: file.created_at,
      uploaded_by_name: file.uploaded_by_name ?? null,
    })),
    audit_entries: audit.entries.map((entry) => ({
      id: entry.id,
      event_type: entry.event_type,
      at: entry.at,
      action: entry.action ?? null,
      object_name: entry.object_name ?? null,
      summary: entry.summary ?? null,
      actor_type: entry.actor_type,
      actor: entry.actor ?? null,
    })),
  };
}
