import { isoNow, validationFailed, type InternalClaims } from '@crm/kit';
import { contactMerged } from '@crm/protos';
import { commit, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import { validateCustomValues } from '../custom-fields/custom-values';
import { binContact } from './contact-bin';
import {
  contactInBin,
  findContact,
  refuseErased,
  repointPrimaryContacts,
  repointReports,
  saveContact,
} from './contact-store';
import { contactSearchFields } from './contact-view';
import { contactModel, type ContactRecord } from './contact.model';

// The fields a survivor fills from its sources when its own is empty (reports_to_id apart: it
// is checked against the merged reporting line below).
const FILLED_FIELDS = [
  'company_id',
  'owner_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'mobile',
  'job_title',
  'lawful_basis',
] as const;
const REPORTING_DEPTH_MAX = 100;

// The survivor's values, each empty one taken from the first source that has it (custom by key).
function filled(survivor: ContactRecord, sources: ContactRecord[]): ContactRecord {
  const next: ContactRecord = { ...survivor, custom: { ...(survivor.custom ?? {}) } };
  for (const source of sources) {
    for (const field of FILLED_FIELDS) {
      if (next[field] === null && source[field] !== null) Object.assign(next, { [field]: source[field] });
    }
    if (next.reports_to_id === null && source.reports_to_id !== null) next.reports_to_id = source.reports_to_id;
    for (const [key, value] of Object.entries(source.custom ?? {})) {
      if ((next.custom[key] ?? null) === null && value !== null) next.custom[key] = value;
    }
  }
  return next;
}

// After the merge everything that reported to a source reports to the survivor: a manager that
// is a source (or the survivor) would make it report to itself, and a manager below a source
// would make a cycle; either way the survivor then reports to no one.
async function reportingLineProblem(
  context: ServiceContext,
  survivor: ContactRecord,
  merged: Set<string>,
  unit: UnitOfWork,
): Promise<boolean> {
  let above = survivor.reports_to_id;
  for (let depth = 0; above !== null; depth += 1) {
    if (above === survivor._id || merged.has(above) || depth === REPORTING_DEPTH_MAX) return true;
    const next = await contactModel(context.connection)
      .findOne({ _id: above, workspace_id: survivor.workspace_id }, { reports_to_id: 1 })
      .session(unit.transaction)
      .lean<Pick<ContactRecord, 'reports_to_id'>>()
      .exec();
    above = next?.reports_to_id ?? null;
  }
  return false;
}

// POST /contacts/{id}/merge: all or nothing, in one transaction.
export async function mergeInto(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  sourceIds: string[],
) {
  return commit(context, async (unit) => {
    const survivor = await findContact(context, workspaceId, id, unit.transaction);
    if (survivor.deleted_at !== null) throw contactInBin();
    // Distinct as sent, the same id in another case is still the same contact.
    const repeated = sourceIds.findIndex((sourceId, index) => sourceIds.indexOf(sourceId) !== index);
    if (repeated >= 0) throw validationFailed(`source_ids.${repeated} is listed twice`);
    const self = sourceIds.indexOf(id);
    if (self >= 0)
      throw validationFailed(`source_ids.${self} is the contact merged into: a contact cannot be merged into itself`);
    const found = await contactModel(context.connection)
      .find({ _id: { $in: sourceIds }, workspace_id: workspaceId, deleted_at: null })
      .session(unit.transaction)
      .lean<ContactRecord[]>()
      .exec();
    const byId = new Map(found.map((contact) => [contact._id, contact]));
    const missing = sourceIds.findIndex((sourceId) => !byId.has(sourceId));
    // Unknown, another workspace's and binned ids read alike: nothing is revealed.
    if (missing >= 0) throw validationFailed(`source_ids.${missing} is not an active contact of this workspace`);
    const sources = sourceIds.map((sourceId) => byId.get(sourceId)!);
    await refuseErased(
      context,
      workspaceId,
      [{ id }, ...sourceIds.map((sourceId, index) => ({ id: sourceId, field: `source_ids.${index}` }))],
      unit.transaction,
    );

    const next = filled(survivor, sources);
    try {
      next.custom = validateCustomValues(next.custom, []);
    } catch {
      throw validationFailed('custom of the merged contact would exceed its limits (50 keys, 16 KiB)');
    }
    const merged = new Set(sourceIds);
    if (await reportingLineProblem(context, next, merged, unit)) next.reports_to_id = null;
    Object.assign(next, contactSearchFields(next));
    next.version = (survivor.version ?? 1) + 1;
    next.updated_at = isoNow();

    await repointReports(context, unit, claims.actor, workspaceId, {
      from: sourceIds,
      to: next._id,
      except: [next._id, ...sourceIds],
    });
    await repointPrimaryContacts(context, unit, claims.actor, workspaceId, { from: sourceIds, to: next._id });
    for (const source of sources) await binContact(context, unit, claims.actor, source, next._id);
    const state = await saveContact(context, unit, next);
    unit.publish(contactMerged, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: { ...state, source_ids: sourceIds },
    });
    return { merged: sources.length };
  });
}
