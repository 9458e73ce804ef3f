import type { EventActor } from '@crm/bus';
import { companyDeleted, companyRestored } from '@crm/protos';
import type { ServiceContext, UnitOfWork } from '@crm/service-host';
import { companyModel, type CompanyRecord } from './company.model';
import { companyState } from './company-view';

// The recycle bin: a company there has deleted_at set, is out of lists (but deleted=true),
// counts (but deleted) and `q`, and is purged for good RECYCLE_BIN_DAYS later by a durable job
// keyed by the company, scheduled in the same transaction (a restore cancels it).

export const RECYCLE_BIN_DAYS = 30;
export const COMPANY_PURGE_JOB = 'companies.purge';
const DAY_MS = 24 * 60 * 60 * 1000;

export const purgeTimeOf = (deletedAt: string) => new Date(Date.parse(deletedAt) + RECYCLE_BIN_DAYS * DAY_MS);

// Moves one company (outside the bin) into it; answers its new state.
export async function moveToBin(
  context: ServiceContext,
  unit: UnitOfWork,
  company: CompanyRecord,
  actor: EventActor | null,
  now: string,
  mergedIntoId: string | null = null,
): Promise<CompanyRecord> {
  const binned: CompanyRecord = { ...company, deleted_at: now, updated_at: now, version: (company.version ?? 1) + 1 };
  await companyModel(context.connection).updateOne(
    { _id: company._id, workspace_id: company.workspace_id },
    { $set: { deleted_at: now, updated_at: now, version: binned.version } },
    { session: unit.transaction },
  );
  await unit.schedule({
    name: COMPANY_PURGE_JOB,
    key: company._id,
    runAt: purgeTimeOf(now),
    workspace_id: company.workspace_id,
    payload: { company_id: company._id, deleted_at: now },
  });
  unit.publish(companyDeleted, {
    workspace_id: company.workspace_id,
    actor,
    data: { ...companyState(binned), merged_into_id: mergedIntoId },
  });
  return binned;
}

// Brings one company back from the bin; answers its new state.
export async function restoreFromBin(
  context: ServiceContext,
  unit: UnitOfWork,
  company: CompanyRecord,
  actor: EventActor | null,
  now: string,
): Promise<CompanyRecord> {
  const restored: CompanyRecord = {
    ...company,
    deleted_at: null,
    updated_at: now,
    version: (company.version ?? 1) + 1,
  };
  await companyModel(context.connection).updateOne(
    { _id: company._id, workspace_id: company.workspace_id },
    { $set: { deleted_at: null, updated_at: now, version: restored.version } },
    { session: unit.transaction },
  );
  await unit.cancel({ name: COMPANY_PURGE_JOB, key: company._id });
  unit.publish(companyRestored, {
    workspace_id: company.workspace_id,
    actor,
    data: companyState(restored),
  });
  return restored;
}
