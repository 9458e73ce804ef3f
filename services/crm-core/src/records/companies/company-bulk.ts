import { isoNow, validationFailed, type InternalClaims } from '@crm/kit';
import { companyUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { checkMembers } from '../references/members';
import { companyModel, type CompanyRecord } from './company.model';
import type { BulkCompaniesBody } from './company.operations';
import { moveToBin, restoreFromBin } from './company-bin';
import { companyStage, type StagePlacement } from './company-rules';
import { companyState } from './company-view';

// What each action needs, refused before anything is read.
function checkArguments(body: BulkCompaniesBody): void {
  if (body.action === 'move_stage' && body.stage_id === undefined)
    throw validationFailed('stage_id is required for move_stage');
  if (body.action !== 'move_stage' && body.stage_id !== undefined)
    throw validationFailed('stage_id is only for move_stage');
  if (body.action === 'reassign' && body.owner_id === undefined)
    throw validationFailed('owner_id is required for reassign (null clears the owner)');
  if (body.action !== 'reassign' && body.owner_id !== undefined)
    throw validationFailed('owner_id is only for reassign');
}

// One change of the bulk action to one company, or null when it would change nothing.
type Change = (company: CompanyRecord) => Partial<CompanyRecord> | null;

function changeOf(body: BulkCompaniesBody, placement: StagePlacement | null): Change {
  if (body.action === 'move_stage') {
    return (company) => (company.stage_id === placement!.stage_id ? null : { ...placement! });
  }
  const owner = body.owner_id ?? null;
  return (company) => (company.owner_id === owner ? null : { owner_id: owner });
}

// Up to 200 ids in one transaction: ids that are unknown or of another workspace match nothing
// and are not counted; neither are companies the action would not change. move_stage and
// reassign change companies outside the recycle bin; delete moves them into it; restore brings
// binned ones back.
export async function bulkCompanyAction(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: BulkCompaniesBody,
): Promise<{ updated: number }> {
  checkArguments(body);
  if (body.action === 'reassign' && body.owner_id)
    await checkMembers(context, workspaceId, [{ field: 'owner_id', id: body.owner_id }]);
  return commit(context, async (unit) => {
    const { transaction, publish } = unit;
    const placement =
      body.action === 'move_stage'
        ? await companyStage(context, workspaceId, 'stage_id', body.stage_id!, transaction)
        : null;
    const companies = await companyModel(context.connection)
      .find({
        workspace_id: workspaceId,
        _id: { $in: body.ids },
        deleted_at: body.action === 'restore' ? { $ne: null } : null,
      })
      .session(transaction)
      .lean<CompanyRecord[]>()
      .exec();
    const now = isoNow();
    if (body.action === 'delete' || body.action === 'restore') {
      const move = body.action === 'delete' ? moveToBin : restoreFromBin;
      for (const company of companies) await move(context, unit, company, claims.actor, now);
      return { updated: companies.length };
    }
    const change = changeOf(body, placement);
    let updated = 0;
    for (const company of companies) {
      const fields = change(company);
      if (!fields) continue;
      const next: CompanyRecord = { ...company, ...fields, version: (company.version ?? 1) + 1, updated_at: now };
      await companyModel(context.connection).updateOne(
        { _id: company._id, workspace_id: workspaceId },
        { $set: { ...fields, version: next.version, updated_at: now } },
        { session: transaction },
      );
      publish(companyUpdated, {
        workspace_id: workspaceId,
        actor: claims.actor,
        data: { ...companyState(next), fields: body.action === 'move_stage' ? ['stage_id'] : ['owner_id'] },
      });
      updated += 1;
    }
    return { updated };
  });
}
