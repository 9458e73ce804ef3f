import type { RecordState } from '@crm/bus';
import { asEventData } from '@crm/protos';
import type { ReadModelKind } from './read-model.model';

// What reports keeps of each owner's record: the fields its reports group, filter, measure and
// show, money as integer minor units (docs/money.md). Personal data stays out beyond a display
// name (contact names go with an erasure, whose update carries them cleared).

type Data = Record<string, unknown>;
export type StoredState = Record<string, unknown>;

const text = (data: Data, field: string): string | null =>
  typeof data[field] === 'string' && data[field] !== '' ? data[field] : null;
const num = (data: Data, field: string): number | null =>
  typeof data[field] === 'number' && Number.isFinite(data[field]) ? data[field] : null;
const minor = (value: number | null): number => (value === null ? 0 : Math.round(value * 100));
const custom = (data: Data): Record<string, unknown> => asEventData(data.custom);

const STATES: Record<ReadModelKind, (data: Data) => StoredState | null> = {
  // A company in the recycle bin (deleted, merged away) is out of every report until restored.
  company: (data) =>
    text(data, 'deleted_at') !== null
      ? null
      : {
          name: text(data, 'name'),
          owner_id: text(data, 'owner_id'),
          stage_id: text(data, 'stage_id'),
          pipeline_id: text(data, 'pipeline_id'),
          source_id: text(data, 'source_id'),
          campaign_id: text(data, 'campaign_id'),
          industry: text(data, 'industry'),
          country_code: text(data, 'country_code'),
          turnover_band: text(data, 'turnover_band'),
          employee_count: num(data, 'employee_count'),
          is_account: data.is_account === true,
          custom: custom(data),
          created_at: text(data, 'created_at'),
          updated_at: text(data, 'updated_at'),
        },
  contact: (data) =>
    text(data, 'deleted_at') !== null
      ? null
      : {
          first_name: text(data, 'first_name'),
          last_name: text(data, 'last_name'),
          company_id: text(data, 'company_id'),
          owner_id: text(data, 'owner_id'),
          job_title: text(data, 'job_title'),
          lawful_basis: text(data, 'lawful_basis'),
          custom: custom(data),
          created_at: text(data, 'created_at'),
          updated_at: text(data, 'updated_at'),
        },
  deal: (data) => ({
    name: text(data, 'name'),
    company_id: text(data, 'company_id'),
    contact_id: text(data, 'contact_id'),
    value_minor: minor(num(data, 'value')),
    currency: text(data, 'currency'),
    pipeline_id: text(data, 'pipeline_id'),
    stage_id: text(data, 'stage_id'),
    probability: num(data, 'probability'),
    expected_close: text(data, 'expected_close'),
    status: text(data, 'status'),
    closed_at: text(data, 'closed_at'),
    lost_reason: text(data, 'lost_reason'),
    owner_id: text(data, 'owner_id'),
    source_id: text(data, 'source_id'),
    campaign_id: text(data, 'campaign_id'),
    custom: custom(data),
    created_at: text(data, 'created_at'),
    updated_at: text(data, 'updated_at'),
  }),
  activity: (data) => ({
    type: text(data, 'type'),
    outcome: text(data, 'outcome'),
    target_type: text(data, 'target_type'),
    target_id: text(data, 'target_id'),
    actor_type: text(data, 'actor_type'),
    actor_id: text(data, 'actor_id'),
    occurred_at: text(data, 'occurred_at'),
    created_at: text(data, 'created_at'),
  }),
  task: (data) => ({
    title: text(data, 'title'),
    status: text(data, 'status'),
    due_at: text(data, 'due_at'),
    target_type: text(data, 'target_type'),
    target_id: text(data, 'target_id'),
    assignee_id: text(data, 'assignee_id'),
    completed_at: text(data, 'completed_at'),
    created_at: text(data, 'created_at'),
  }),
  touchpoint: (data) => ({
    campaign_id: text(data, 'campaign_id'),
    contact_id: text(data, 'contact_id'),
    company_id: text(data, 'company_id'),
    kind: text(data, 'kind'),
    occurred_at: text(data, 'occurred_at'),
    created_at: text(data, 'created_at'),
  }),
  spend: (data) => ({
    campaign_id: text(data, 'campaign_id'),
    spent_on: text(data, 'spent_on'),
    amount_minor: minor(num(data, 'amount')),
    currency: text(data, 'currency'),
    created_at: text(data, 'created_at'),
  }),
  campaign: (data) => ({
    name: text(data, 'name'),
    source_id: text(data, 'source_id'),
    status: text(data, 'status'),
    currency: text(data, 'currency'),
    owner_id: text(data, 'owner_id'),
    created_at: text(data, 'created_at'),
  }),
  pipeline: (data) => ({
    name: text(data, 'name'),
    object: text(data, 'object'),
    is_default: data.is_default === true,
    position: num(data, 'position') ?? 0,
  }),
  stage: (data) => ({
    pipeline_id: text(data, 'pipeline_id'),
    object: text(data, 'object'),
    name: text(data, 'name'),
    position: num(data, 'position') ?? 0,
    kind: text(data, 'kind'),
    probability: num(data, 'probability'),
  }),
  source: (data) => ({ name: text(data, 'name'), channel: text(data, 'channel') }),
  custom_field: (data) => ({
    object: text(data, 'object'),
    slug: text(data, 'slug'),
    label: text(data, 'label'),
    type: text(data, 'type'),
    position: num(data, 'position') ?? 0,
    archived: data.archived === true,
  }),
  member: (data) => ({ user_id: text(data, 'user_id'), name: text(data, 'name'), status: text(data, 'status') }),
};

// The kind of record an event of this entity feeds.
export const KIND_OF_ENTITY: Record<string, ReadModelKind> = {
  company: 'company',
  contact: 'contact',
  deal: 'deal',
  activity: 'activity',
  task: 'task',
  touchpoint: 'touchpoint',
  spend: 'spend',
  campaign: 'campaign',
  pipeline: 'pipeline',
  pipeline_stage: 'stage',
  lead_source: 'source',
  custom_field: 'custom_field',
  member: 'member',
};

// The owner's record (from an event or a replay listing) as reports stores it.
export function storedState(
  kind: ReadModelKind,
  record: { id: string; workspace_id: string | null; version: number; state: Data | null },
): RecordState<StoredState> {
  return {
    id: record.id,
    workspace_id: record.workspace_id,
    version: record.version,
    state: record.state === null ? null : STATES[kind](record.state),
  };
}
