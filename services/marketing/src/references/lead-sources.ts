import { call, validationFailed } from '@crm/kit';
import { crmCoreLeadsV1, leadSourceCreated, leadSourceDeleted, leadSourceSeeded, leadSourceUpdated } from '@crm/protos';
import { applyCopy, copiedField, copyOn, routeEvents, type CopiedValues, type RoutedHandler } from '@crm/bus';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { sourceNameModel } from './reference-copies.model';

// A lead source must be one of the workspace's, asked of crm-core at the time of the request.
export async function checkLeadSource(
  context: ServiceContext,
  workspaceId: string,
  field: string,
  id: string,
): Promise<void> {
  const client = peerClient(context, 'crm-core', crmCoreLeadsV1.CrmLeadsServiceClient);
  const { sources } = await call(client.getLeadSources.bind(client), { workspace_id: workspaceId, ids: [id] });
  const source = sources.find((candidate) => candidate.id === id);
  if (!source) throw validationFailed(`${field} is not a lead source of this workspace`);
  await applyCopy(
    sourceNameModel(context.connection),
    workspaceId,
    sourceName({ lead_source_id: source.id, name: source.name, version: source.version }, false),
  );
}

// Names by id from marketing's copy; a deleted source keeps its last name.
export function sourceNames(
  context: ServiceContext,
  workspaceId: string,
  ids: Array<string | null>,
): Promise<Map<string, string>> {
  return copiedField(sourceNameModel(context.connection), workspaceId, '_id', ids, 'name');
}

// A deleted source keeps its last name (records it brought in still show it).
const sourceName = (
  source: { lead_source_id: string; name: string; version: number },
  deleted: boolean,
): CopiedValues => ({
  match: { _id: source.lead_source_id },
  fields: { name: source.name, deleted },
  versionField: 'version',
  version: source.version,
  insert: {},
});

export const SOURCE_NAMES_CONSUMER = 'marketing.source-names';

export function sourceNameCopies(context: ServiceContext): RoutedHandler {
  const model = sourceNameModel(context.connection);
  return routeEvents(
    copyOn(model, {
      events: [leadSourceSeeded, leadSourceCreated, leadSourceUpdated],
      values: (source) => sourceName(source, false),
    }),
    copyOn(model, { events: leadSourceDeleted, values: (source) => sourceName(source, true) }),
  );
}

export async function subscribeSourceNames(context: ServiceContext): Promise<void> {
  const { patterns, handler } = sourceNameCopies(context);
  await context.bus.subscribe(SOURCE_NAMES_CONSUMER, patterns, handler);
}
