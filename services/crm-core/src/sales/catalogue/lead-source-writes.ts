import { conflict, isoNow, isUuid, newId, notFound, type InternalClaims } from '@crm/kit';
import { leadSourceCreated, leadSourceDeleted, leadSourceUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { companyModel } from '../../records/companies/company.model';
import { dealsUse } from '../deals/deal-rewrites';
import { leadSourceModel, type LeadSourceRecord } from './catalogue.model';
import type { CreateLeadSourceBody, UpdateLeadSourceBody } from './catalogue.operations';
import { leadSourceState } from './catalogue-state';
import { announcer, saveChange, uniqueName } from './catalogue-writes';

const SOURCE_NAME = 'lead source';

export async function createLeadSource(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateLeadSourceBody,
) {
  const now = isoNow();
  const source: LeadSourceRecord = {
    _id: newId(),
    version: 1,
    workspace_id: workspaceId,
    name: body.name,
    channel: body.channel,
    seed: null,
    created_at: now,
    updated_at: now,
  };
  await uniqueName(SOURCE_NAME, () =>
    commit(context, async (unit) => {
      await leadSourceModel(context.connection).create([source], { session: unit.transaction });
      announcer(unit, claims, workspaceId)(leadSourceCreated, leadSourceState(source));
    }),
  );
  return source;
}

export async function updateLeadSource(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdateLeadSourceBody,
) {
  if (!isUuid(id)) throw notFound(SOURCE_NAME);
  const sources = leadSourceModel(context.connection);
  return uniqueName(SOURCE_NAME, () =>
    commit(context, async (unit) => {
      const source = await sources
        .findOne({ _id: id, workspace_id: workspaceId })
        .session(unit.transaction)
        .lean<LeadSourceRecord>()
        .exec();
      if (!source) throw notFound(SOURCE_NAME);
      const changes: Partial<LeadSourceRecord> = {};
      if (body.name !== undefined && body.name !== source.name) changes.name = body.name;
      if (body.channel !== undefined && body.channel !== source.channel) changes.channel = body.channel;
      if (Object.keys(changes).length === 0) return source;
      const updated = await saveChange(sources, source, changes, unit.transaction);
      announcer(unit, claims, workspaceId)(leadSourceUpdated, leadSourceState(updated));
      return updated;
    }),
  );
}

export async function deleteLeadSource(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw notFound(SOURCE_NAME);
  const sources = leadSourceModel(context.connection);
  await commit(context, async (unit) => {
    const session = unit.transaction;
    const source = await sources
      .findOne({ _id: id, workspace_id: workspaceId })
      .session(session)
      .lean<LeadSourceRecord>()
      .exec();
    if (!source) throw notFound(SOURCE_NAME);
    // Companies in the recycle bin count: restoring one must find its source.
    const used = await companyModel(context.connection)
      .exists({ workspace_id: workspaceId, source_id: source._id })
      .session(session)
      .exec();
    if (used) throw conflict('companies have this lead source (also in the recycle bin)', 'lead_source_in_use');
    if (await dealsUse(context, workspaceId, { source_id: source._id }, unit))
      throw conflict('deals have this lead source', 'lead_source_in_use');
    await sources.deleteOne({ _id: source._id, workspace_id: workspaceId }, { session });
    announcer(
      unit,
      claims,
      workspaceId,
    )(leadSourceDeleted, leadSourceState({ ...source, version: (source.version ?? 1) + 1 }));
  });
}
