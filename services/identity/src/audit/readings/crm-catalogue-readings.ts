import {
  leadSourceCreated,
  leadSourceDeleted,
  leadSourceSeeded,
  leadSourceUpdated,
  pipelineCreated,
  pipelineDeleted,
  pipelineSeeded,
  pipelineUpdated,
  stageCreated,
  stageDeleted,
  stageSeeded,
  stageUpdated,
  type EventContract,
} from '@crm/protos';
import { reads, type ContractReading } from './audit-reading';

// How the audit log reads crm-core's catalogue events (protos/events/crm-catalogue-events.ts).
// A new workspace's catalogue arrives seeded: not audited, nobody in the workspace acted.

// `label`: the record's kind in words, e.g. `pipeline stage`.
function family(
  label: string,
  contracts: { seeded: EventContract; created: EventContract; updated: EventContract },
): ContractReading[] {
  const named = (verb: string) => ({
    source: 'admin' as const,
    objectName: 'name',
    summary: `${verb} ${label} "{name}"`,
  });
  return [
    reads(contracts.seeded, 'not_audited'),
    reads(contracts.created, named('Created')),
    reads(contracts.updated, named('Updated')),
  ];
}

export const CRM_CATALOGUE_READINGS = [
  ...family('pipeline', { seeded: pipelineSeeded, created: pipelineCreated, updated: pipelineUpdated }),
  reads(pipelineDeleted, { source: 'admin', objectName: 'name', summary: 'Deleted pipeline "{name}"' }),
  ...family('pipeline stage', { seeded: stageSeeded, created: stageCreated, updated: stageUpdated }),
  reads(stageDeleted, { source: 'admin', objectName: 'name', summary: 'Deleted pipeline stage "{name}"' }),
  ...family('lead source', { seeded: leadSourceSeeded, created: leadSourceCreated, updated: leadSourceUpdated }),
  reads(leadSourceDeleted, { source: 'admin', objectName: 'name', summary: 'Deleted lead source "{name}"' }),
];
