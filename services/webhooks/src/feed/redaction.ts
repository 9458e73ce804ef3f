import { isUuid } from '@crm/kit';

const ID_FIELD = /(^id$|_id$|_ids$|^ids$|^version$)/;

// Fields of the event catalogue that name a record which is never a person: a company, a deal, a
// task, a stage, a campaign, a member (owner, assignee, organiser, actor)... An id is unique to its
// record, so a contact's id is never found under one of them.
const NEVER_A_CONTACT = new Set([
  'activity_id',
  'actor_id',
  'assignee_id',
  'campaign_id',
  'company_id',
  'credited_campaign_id',
  'custom_field_id',
  'deal_id',
  'document_id',
  'duplicate_group_id',
  'lead_source_id',
  'meeting_id',
  'member_id',
  'organiser_id',
  'owner_id',
  'pipeline_id',
  'previous_role_id',
  'report_pin_id',
  'role_id',
  'saved_report_id',
  'saved_view_id',
  'source_id',
  'spend_id',
  'stage_id',
  'submission_id',
  'subscription_id',
  'task_id',
  'touchpoint_id',
  'user_id',
  'web_form_id',
  'workspace_id',
]);

// Every id (UUID) a payload mentions, at any depth, that may be a contact's: what an erasure looks
// a feed entry up by. Ids of the fields above are left out (a company event names its company,
// owner, stage and pipeline, and none of them is a person); any other field's are kept, whatever
// its name, so a field added later is found without being listed.
export function possibleContactIds(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (isUuid(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) possibleContactIds(item, into);
  } else if (value !== null && typeof value === 'object') {
    // Every event of the feed passes here: own keys by for-in, with no [field, value] pair each.
    for (const field in value) {
      if (Object.hasOwn(value, field) && !NEVER_A_CONTACT.has(field))
        possibleContactIds((value as Record<string, unknown>)[field], into);
    }
  }
  return into;
}

// What is left of a payload that mentions an erased person: its ids and versions (fields named
// id, *_id, *_ids, version), at any depth; names, emails, notes and every other value go.
export function idsOnly(value: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [field, item] of Object.entries(value)) {
    if (ID_FIELD.test(field)) kept[field] = item;
    else if (Array.isArray(item)) {
      const nested = item
        .filter((entry) => entry !== null && typeof entry === 'object' && !Array.isArray(entry))
        .map((entry) => idsOnly(entry as Record<string, unknown>));
      if (nested.length > 0) kept[field] = nested;
    } else if (item !== null && typeof item === 'object') {
      const nested = idsOnly(item as Record<string, unknown>);
      if (Object.keys(nested).length > 0) kept[field] = nested;
    }
  }
  return kept;
}

// Whether a text value of the payload, at any depth, holds one of the person's terms as a whole
// word (field names are not read: "ted" is not found in `created_at`).
export function namesAnyTerm(value: unknown, pattern: RegExp): boolean {
  if (typeof value === 'string') {
    pattern.lastIndex = 0;
    return pattern.test(value);
  }
  if (Array.isArray(value)) return value.some((item) => namesAnyTerm(item, pattern));
  if (value !== null && typeof value === 'object')
    return Object.values(value).some((item) => namesAnyTerm(item, pattern));
  return false;
}
