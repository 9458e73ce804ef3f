import type { LeadSourceEventData, PipelineEventData, StageEventData } from '@crm/protos';
import type { LeadSourceRecord, PipelineRecord, StageRecord } from './catalogue.model';

// The public state each catalogue event carries (protos/events/crm-catalogue-events.ts).

export function pipelineState(record: PipelineRecord): PipelineEventData {
  return {
    pipeline_id: record._id,
    name: record.name,
    object: record.object,
    is_default: record.is_default,
    position: record.position,
    version: record.version ?? 1,
  };
}

export function stageState(record: StageRecord): StageEventData {
  return {
    stage_id: record._id,
    pipeline_id: record.pipeline_id,
    object: record.object,
    name: record.name,
    position: record.position,
    kind: record.kind,
    probability: record.probability ?? null,
    version: record.version ?? 1,
  };
}

export function leadSourceState(record: LeadSourceRecord): LeadSourceEventData {
  return { lead_source_id: record._id, name: record.name, channel: record.channel, version: record.version ?? 1 };
}
