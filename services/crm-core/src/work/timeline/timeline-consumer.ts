import { freshEvents, isEvent, type EventEnvelope, type EventOf } from '@crm/bus';
import { isoMilliseconds } from '@crm/kit';
import {
  activityUpdated,
  companyMerged,
  companyPurged,
  companyUpdated,
  contactMerged,
  contactPurged,
  contactUpdated,
  CRM_CONTACT_EVENT_CONTRACTS,
  dealDeleted,
  dealUpdated,
  documentCompleted,
  meetingCreated,
  meetingDeleted,
  meetingUpdated,
  touchpointRecorded,
} from '@crm/protos';
import { commit, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import { stageModel } from '../../sales/catalogue/catalogue.model';
import { memberNames } from '../../records/references/members';
import { activityModel, timelineContactModel, type ActivityRecord, type ActivityTargetType } from './activity.model';
import { recordEntry } from './activity-writes';
import { GatheredWrites } from './gathered-writes';
import { activityState } from './activity-view';
import { deleteEntries, moveEntries } from './timeline-moves';

// The timeline follows crm-core's own events (and those of meetings, documents and marketing), so
// the writers of companies, contacts and deals need no change. Each event is applied once: the
// processed-event row of @crm/bus is written in the same transaction as the entries it makes.

export const TIMELINE_CONSUMER = 'crm-core.timeline';

type Data = Record<string, unknown>;
const fieldsOf = (data: Data): string[] =>
  Array.isArray(data.fields) ? data.fields.filter((field): field is string => typeof field === 'string') : [];
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

// Stage names looked up once per batch: a stage deletion moves thousands of companies to one stage.
type StageNames = Map<string, Promise<string | null>>;

async function stageName(
  context: ServiceContext,
  workspaceId: string,
  data: Data,
  names: StageNames,
): Promise<string | null> {
  if (str(data.stage_name)) return str(data.stage_name);
  const id = str(data.stage_id);
  if (!id) return null;
  let name = names.get(id);
  if (!name) {
    name = stageModel(context.connection)
      .findOne({ _id: id, workspace_id: workspaceId }, { name: 1 })
      .lean<{ name: string }>()
      .exec()
      .then((stage) => stage?.name ?? null);
    names.set(id, name);
  }
  return name;
}

async function ownerName(context: ServiceContext, workspaceId: string, data: Data): Promise<string | null> {
  if (str(data.owner_name)) return str(data.owner_name);
  const id = str(data.owner_id);
  return id ? ((await memberNames(context, workspaceId, [id])).get(id) ?? null) : null;
}

// Stage and owner changes of a company, contact or deal; a deal's closing and reopening.
async function recordChanges(
  context: ServiceContext,
  writes: GatheredWrites,
  event: EventOf<typeof companyUpdated | typeof contactUpdated | typeof dealUpdated>,
  workspaceId: string,
  targetType: ActivityTargetType,
  targetId: string,
  names: StageNames,
): Promise<void> {
  const data = event.data;
  const fields = fieldsOf(data);
  // Timeline entries keep the API's milliseconds, as those written by requests do.
  const at = isoMilliseconds(event.occurred_at);
  const record = (subject: string, body: string | null = null) =>
    writes.entry(event.actor, {
      type: 'system',
      subject,
      body,
      target_type: targetType,
      target_id: targetId,
      occurred_at: at,
    });
  if (isEvent(event, dealUpdated) && fields.includes('status')) {
    const deal = event.data;
    if (deal.status === 'won') await record('Deal won');
    else if (deal.status === 'lost') await record('Deal lost', str(deal.lost_reason));
    else await record('Deal reopened');
  } else if (fields.includes('stage_id')) {
    const name = await stageName(context, workspaceId, data, names);
    await record(name === null ? 'Stage cleared' : `Stage changed to ${name}`);
  }
  if (fields.includes('owner_id')) {
    const name = await ownerName(context, workspaceId, data);
    await record(str(data.owner_id) === null ? 'Owner removed' : `Owner changed to ${name ?? 'a member'}`);
  }
}

// A contact's entries carry its current company; only a newer version of the contact moves them.
function followContactCompany(writes: GatheredWrites, data: Data): Promise<void> {
  const contactId = str(data.contact_id);
  const version = Number(data.version);
  if (!contactId || !Number.isInteger(version)) return Promise.resolve();
  return writes.moveContact(contactId, str(data.company_id), version);
}

const MEETING_EVENTS = [meetingCreated, meetingUpdated, meetingDeleted] as const;

// The one entry kept for a meeting on its company: created, changed, moved or removed with it.
async function followMeeting(
  context: ServiceContext,
  unit: UnitOfWork,
  event: EventOf<(typeof MEETING_EVENTS)[number]>,
  workspaceId: string,
): Promise<void> {
  const data = event.data;
  const meetingId = str(data.meeting_id);
  const version = Number(data.version);
  if (!meetingId || !Number.isInteger(version)) return;
  const source = `meeting:${meetingId}`;
  const activities = activityModel(context.connection);
  const entry = await activities
    .findOne({ workspace_id: workspaceId, source })
    .session(unit.transaction)
    .lean<ActivityRecord>()
    .exec();
  if (entry && (entry.source_version ?? 0) >= version) return;
  const companyId = event.type === meetingDeleted.type ? null : str(data.company_id);
  if (companyId === null) {
    if (entry) await deleteEntries(context, unit, event.actor, { workspace_id: workspaceId, _id: entry._id });
    return;
  }
  const shown = {
    subject: str(data.title),
    body: str(data.location),
    outcome: str(data.outcome),
    occurred_at: str(data.starts_at) ?? isoMilliseconds(event.occurred_at),
  };
  if (!entry) {
    await recordEntry(context, unit, workspaceId, event.actor, {
      type: 'meeting',
      subject: shown.subject ?? 'Meeting',
      body: shown.body,
      outcome: shown.outcome,
      target_type: 'company',
      target_id: companyId,
      occurred_at: shown.occurred_at,
      source,
      source_version: version,
    });
  } else {
    const next: ActivityRecord = {
      ...entry,
      ...shown,
      target_id: companyId,
      company_id: companyId,
      source_version: version,
    };
    const fields = (['subject', 'body', 'outcome', 'occurred_at', 'target_id'] as const).filter(
      (field) => next[field] !== entry[field],
    );
    await activities.updateOne(
      { _id: entry._id, workspace_id: workspaceId },
      {
        $set: {
          ...shown,
          target_id: companyId,
          company_id: companyId,
          source_version: version,
          ...(fields.length > 0 ? { version: entry.version + 1 } : {}),
        },
      },
      { session: unit.transaction },
    );
    if (fields.length > 0) {
      unit.publish(activityUpdated, {
        workspace_id: workspaceId,
        actor: event.actor,
        data: { ...activityState({ ...next, version: entry.version + 1 }), fields },
      });
    }
  }
  // Marking it done (with its outcome) is a fact of the company's history of its own.
  if (event.type === meetingUpdated.type && fieldsOf(data).includes('status') && data.status === 'done') {
    await recordEntry(context, unit, workspaceId, event.actor, {
      type: 'system',
      subject: `Meeting held: ${shown.subject ?? 'meeting'}`,
      body: shown.outcome,
      outcome: shown.outcome,
      target_type: 'company',
      target_id: companyId,
      occurred_at: isoMilliseconds(event.occurred_at),
    });
  }
}

async function applyEvent(
  context: ServiceContext,
  unit: UnitOfWork,
  writes: GatheredWrites,
  event: EventEnvelope,
  workspaceId: string,
  names: StageNames,
): Promise<void> {
  const actor = event.actor;
  if (isEvent(event, companyUpdated))
    return recordChanges(context, writes, event, workspaceId, 'company', event.data.company_id, names);
  if (isEvent(event, dealUpdated))
    return recordChanges(context, writes, event, workspaceId, 'deal', event.data.deal_id, names);
  // Every contact event carries the contact's company: its entries follow it.
  if (isEvent(event, ...CRM_CONTACT_EVENT_CONTRACTS) && !isEvent(event, contactMerged, contactPurged)) {
    await followContactCompany(writes, event.data);
    if (isEvent(event, contactUpdated))
      await recordChanges(context, writes, event, workspaceId, 'contact', event.data.contact_id, names);
    return;
  }
  // The rest reads or rewrites entries: what the events before it gathered is written first.
  await writes.flush();
  if (isEvent(event, companyMerged)) {
    const merged = event.data;
    await moveEntries(
      context,
      unit,
      actor,
      { workspace_id: workspaceId, target_type: 'company', target_id: { $in: merged.source_ids } },
      { target_id: merged.company_id, company_id: merged.company_id },
    );
    // Entries of the sources' contacts follow them (their own crm.contact.updated moves them too).
    await activityModel(context.connection).updateMany(
      { workspace_id: workspaceId, target_type: 'contact', company_id: { $in: merged.source_ids } },
      { $set: { company_id: merged.company_id } },
      { session: unit.transaction },
    );
    const count = merged.source_ids.length;
    await recordEntry(context, unit, workspaceId, actor, {
      type: 'system',
      subject: `Merged ${count} compan${count === 1 ? 'y' : 'ies'} into this one`,
      target_type: 'company',
      target_id: merged.company_id,
      occurred_at: isoMilliseconds(event.occurred_at),
    });
    return;
  }
  if (isEvent(event, contactMerged)) {
    const merged = event.data;
    await followContactCompany(writes, merged);
    await writes.flush();
    await moveEntries(
      context,
      unit,
      actor,
      { workspace_id: workspaceId, target_type: 'contact', target_id: { $in: merged.source_ids } },
      { target_id: merged.contact_id, company_id: merged.company_id },
    );
    const count = merged.source_ids.length;
    await recordEntry(context, unit, workspaceId, actor, {
      type: 'system',
      subject: `Merged ${count} contact${count === 1 ? '' : 's'} into this one`,
      target_type: 'contact',
      target_id: merged.contact_id,
      occurred_at: isoMilliseconds(event.occurred_at),
    });
    return;
  }
  if (isEvent(event, companyPurged)) {
    await deleteEntries(context, unit, actor, {
      workspace_id: workspaceId,
      target_type: 'company',
      target_id: event.data.company_id,
    });
    return;
  }
  if (isEvent(event, contactPurged)) {
    const contactId = event.data.contact_id;
    await deleteEntries(context, unit, actor, {
      workspace_id: workspaceId,
      target_type: 'contact',
      target_id: contactId,
    });
    await timelineContactModel(context.connection).deleteOne(
      { _id: contactId, workspace_id: workspaceId },
      { session: unit.transaction },
    );
    return;
  }
  if (isEvent(event, dealDeleted)) {
    await deleteEntries(context, unit, actor, {
      workspace_id: workspaceId,
      target_type: 'deal',
      target_id: event.data.deal_id,
    });
    return;
  }
  if (isEvent(event, ...MEETING_EVENTS)) return followMeeting(context, unit, event, workspaceId);
  if (isEvent(event, documentCompleted)) {
    const document = event.data;
    if (document.target_type !== 'company' && document.target_type !== 'contact') return;
    await recordEntry(context, unit, workspaceId, actor, {
      type: 'system',
      subject: `File added: ${document.name}`,
      target_type: document.target_type,
      target_id: document.target_id,
      occurred_at: document.completed_at ?? isoMilliseconds(event.occurred_at),
    });
    return;
  }
  if (isEvent(event, touchpointRecorded)) {
    const touchpoint = event.data;
    const target = touchpoint.contact_id
      ? { target_type: 'contact' as const, target_id: touchpoint.contact_id }
      : touchpoint.company_id
        ? { target_type: 'company' as const, target_id: touchpoint.company_id }
        : null;
    if (!target) return;
    // The touchpoint's own label (a key's or web form's name) says who recorded it.
    const by = actor ? { ...actor, label: touchpoint.actor_label ?? actor.label } : null;
    await recordEntry(context, unit, workspaceId, by, {
      type: 'system',
      subject: `Campaign touchpoint (${touchpoint.kind.replace(/_/g, ' ')}): ${touchpoint.campaign_name}`,
      body: touchpoint.note,
      ...target,
      occurred_at: touchpoint.occurred_at,
    });
    return;
  }
}

export const TIMELINE_PATTERNS = [
  companyUpdated.type,
  companyMerged.type,
  companyPurged.type,
  'crm.contact.*',
  dealUpdated.type,
  dealDeleted.type,
  meetingCreated.type,
  meetingUpdated.type,
  meetingDeleted.type,
  documentCompleted.type,
  touchpointRecorded.type,
];

// A batch (of one workspace) in one transaction: its events not yet applied are applied in
// order, and their processed ids written with one insert.
export function timelineHandler(context: ServiceContext) {
  return async (events: readonly EventEnvelope[]): Promise<void> => {
    const workspaceId = events[0]?.workspace_id;
    if (!workspaceId) return;
    await commit(context, async (unit) => {
      const { fresh, record } = await freshEvents(context.connection, TIMELINE_CONSUMER, events, unit.transaction);
      const names: StageNames = new Map();
      const writes = new GatheredWrites(context, unit, workspaceId);
      for (const event of fresh) await applyEvent(context, unit, writes, event, workspaceId, names);
      await writes.flush();
      await record();
    });
  };
}

export async function subscribeTimeline(context: ServiceContext): Promise<void> {
  await context.bus.subscribeBatch(TIMELINE_CONSUMER, TIMELINE_PATTERNS, timelineHandler(context));
}
