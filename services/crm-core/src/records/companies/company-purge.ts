import type { JobHandler } from '@crm/bus';
import { isoNow } from '@crm/kit';
import { companyPurged } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { companyModel, type CompanyRecord } from './company.model';
import { COMPANY_PURGE_JOB } from './company-bin';
import { moveCompanyContacts } from './company-contacts';
import { companyState } from './company-view';

// The durable job a move to the recycle bin schedules (keyed by the company, so there is one per
// company; a restore cancels it). It runs at most once at a time across replicas (the job
// worker's lease) and survives restarts (it is a row in the service's database). Purging deletes
// the company for good; its contacts stay, without a company; crm.company.purged tells other
// services to delete or detach what they hold of it. The job runs when it is due by the worker's
// clock; it purges the deletion it was scheduled for (a restore cancels it, a later deletion
// replaces it).
export function companyPurgeHandler(context: ServiceContext): JobHandler {
  return async (job) => {
    const companyId = String(job.payload.company_id);
    const workspaceId = job.workspace_id;
    if (!workspaceId) return;
    await commit(context, async (unit) => {
      const company = await companyModel(context.connection)
        .findOne({ _id: companyId, workspace_id: workspaceId })
        .session(unit.transaction)
        .lean<CompanyRecord>()
        .exec();
      // Restored, deleted again since (that deletion has its own job), or already purged.
      if (!company?.deleted_at || company.deleted_at !== job.payload.deleted_at) return;
      await moveCompanyContacts(context, unit, null, workspaceId, [company._id], null, isoNow());
      await companyModel(context.connection).deleteOne(
        { _id: company._id, workspace_id: workspaceId },
        { session: unit.transaction },
      );
      unit.publish(companyPurged, {
        workspace_id: workspaceId,
        actor: null,
        data: companyState({ ...company, version: (company.version ?? 1) + 1 }),
      });
    });
  };
}

export function companyJobs(context: ServiceContext): Record<string, JobHandler> {
  return { [COMPANY_PURGE_JOB]: companyPurgeHandler(context) };
}
