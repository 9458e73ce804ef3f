import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const ACTIVITY_TYPES = ['note', 'call', 'system', 'email', 'meeting', 'task', 'plugin'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_TARGET_TYPES = ['company', 'contact', 'deal'] as const;
export type ActivityTargetType = (typeof ACTIVITY_TARGET_TYPES)[number];
export const ACTOR_TYPES = ['user', 'agent', 'app', 'system'] as const;
export type ActivityActorType = (typeof ACTOR_TYPES)[number];

// One timeline entry on a company, contact or deal.
const activityFields = {
  _id: field.string({ required: true }),
  version: field.number({ required: true }),
  type: field.string({ enum: ACTIVITY_TYPES, required: true }),
  subject: field.string({ default: null }),
  body: field.string({ default: null }),
  outcome: field.string({ default: null }),
  target_type: field.string({ enum: ACTIVITY_TARGET_TYPES, required: true }),
  target_id: field.string({ required: true }),
  // The company whose timeline shows the entry with include_contacts: the company itself for a
  // company's entries, the contact's current company for a contact's, null for a deal's. Kept
  // current when a contact changes company, so a company page is one index range.
  company_id: field.string({ default: null }),
  actor_type: field.string({ enum: ACTOR_TYPES, required: true }),
  actor_id: field.string({ default: null }),
  actor_label: field.string({ default: null }),
  occurred_at: field.string({ required: true }),
  created_at: field.string({ required: true }),
  // What the service keeps one entry for (`meeting:<id>`), with the version of that record it
  // shows; null for every other entry.
  source: field.string({ default: null }),
  source_version: field.number({ default: null }),
};

export type ActivityRecord = ScopedRecordOf<typeof activityFields>;

export const ACTIVITY_MODEL = 'Activity';

const activitySchema = new Schema<ActivityRecord>(schemaOf(activityFields), {
  collection: 'activities',
  versionKey: false,
});
activitySchema.plugin(tenantScoped);
// One record's timeline, newest first (also merges and purges by target).
activitySchema.index({ workspace_id: 1, target_type: 1, target_id: 1, occurred_at: -1, _id: -1 });
// A company's timeline with its contacts' entries, newest first.
activitySchema.index({ workspace_id: 1, company_id: 1, occurred_at: -1, _id: -1 });
// A workspace's entries in id order (ids are time-ordered): an export and an erasure's search for a
// person's name read them a page at a time without walking other workspaces' entries.
activitySchema.index({ workspace_id: 1, _id: 1 });
// The one entry the service keeps for a meeting.
activitySchema.index(
  { workspace_id: 1, source: 1 },
  { unique: true, partialFilterExpression: { source: { $type: 'string' } } },
);

// The company each contact's entries carry, by the contact's version: events about a contact
// arrive in any order, and only a newer one moves its entries.
const timelineContactFields = {
  _id: field.string({ required: true }),
  company_id: field.string({ default: null }),
  version: field.number({ required: true }),
};

export type TimelineContactRecord = ScopedRecordOf<typeof timelineContactFields>;

export const TIMELINE_CONTACT_MODEL = 'TimelineContact';

const timelineContactSchema = new Schema<TimelineContactRecord>(schemaOf(timelineContactFields), {
  collection: 'timeline_contacts',
  versionKey: false,
});
timelineContactSchema.plugin(tenantScoped);

export function registerActivityModels(connection: Connection): void {
  connection.model(ACTIVITY_MODEL, activitySchema);
  connection.model(TIMELINE_CONTACT_MODEL, timelineContactSchema);
}

export function activityModel(connection: Connection): Model<ActivityRecord> {
  return connection.model<ActivityRecord>(ACTIVITY_MODEL);
}

export function timelineContactModel(connection: Connection): Model<TimelineContactRecord> {
  return connection.model<TimelineContactRecord>(TIMELINE_CONTACT_MODEL);
}
