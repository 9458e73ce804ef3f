import { isoNow, validationFailed, type InternalClaims } from '@crm/kit';
import { companyMerged } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { CUSTOM_MAX_BYTES, CUSTOM_MAX_KEYS } from '../custom-fields/custom-values';
import { companyModel, type CompanyRecord } from './company.model';
import { moveToBin } from './company-bin';
import { moveCompanyContacts } from './company-contacts';
import { companySearchFields } from './company-rules';
import { companyNames, companyState } from './company-view';
import { activeCompany } from './company-writes';

// Fields the survivor fills from the sources when its own is empty; the stage brings its
// pipeline and kind along.
const FILLED = [
  'name',
  'website',
  'domain',
  'phone',
  'address',
  'country_code',
  'industry',
  'turnover_band',
  'employee_count',
  'account_number',
  'company_number',
  'sic_codes',
  'description',
  'owner_id',
  'stage_id',
  'source_id',
  'campaign_id',
  'primary_contact_id',
] as const satisfies ReadonlyArray<keyof CompanyRecord>;

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

// The survivor's values, its empty fields and missing custom keys filled from the sources in
// order (custom within its limits: keys that would break them are left out).
export function mergedValues(survivor: CompanyRecord, sources: readonly CompanyRecord[]): CompanyRecord {
  const merged: CompanyRecord = { ...survivor, custom: { ...(survivor.custom ?? {}) } };
  for (const field of FILLED) {
    if (!isEmpty(merged[field])) continue;
    const donor = sources.find((source) => !isEmpty(source[field]));
    if (!donor) continue;
    Object.assign(merged, { [field]: donor[field] });
    if (field === 'stage_id') Object.assign(merged, { pipeline_id: donor.pipeline_id, is_account: donor.is_account });
  }
  for (const source of sources) {
    for (const [key, value] of Object.entries(source.custom ?? {})) {
      if (value === null || (merged.custom[key] !== undefined && merged.custom[key] !== null)) continue;
      const candidate = { ...merged.custom, [key]: value };
      if (
        Object.keys(candidate).length > CUSTOM_MAX_KEYS ||
        Buffer.byteLength(JSON.stringify(candidate)) > CUSTOM_MAX_BYTES
      )
        continue;
      merged.custom = candidate;
    }
  }
  return { ...merged, ...companySearchFields(merged) };
}

// All or nothing: every source must be a company of the workspace outside the recycle bin, and
// not the survivor itself. Contacts of the sources move to the survivor, the sources go to the
// recycle bin, and crm.company.merged tells other services to move their own records.
export async function mergeCompanies(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  sourceIds: string[],
) {
  const ids = sourceIds.map((sourceId) => sourceId.toLowerCase());
  if (ids.includes(id.toLowerCase())) throw validationFailed('source_ids must not include the company merged into');
  return commit(context, async (unit) => {
    const survivor = await activeCompany(context, workspaceId, id, unit.transaction);
    const found = await companyModel(context.connection)
      .find({ workspace_id: workspaceId, _id: { $in: ids }, deleted_at: null })
      .session(unit.transaction)
      .lean<CompanyRecord[]>()
      .exec();
    const byId = new Map(found.map((company) => [company._id, company]));
    const missing = ids.find((sourceId) => !byId.has(sourceId));
    if (missing)
      throw validationFailed(`source_ids: ${missing} is not a company of this workspace outside the recycle bin`);
    const sources = ids.map((sourceId) => byId.get(sourceId)!);
    const now = isoNow();
    const merged: CompanyRecord = {
      ...mergedValues(survivor, sources),
      version: (survivor.version ?? 1) + 1,
      updated_at: now,
    };
    const { _id, workspace_id, created_at, deleted_at, ...fields } = merged;
    await companyModel(context.connection).updateOne(
      { _id, workspace_id },
      { $set: fields },
      { session: unit.transaction },
    );
    await moveCompanyContacts(context, unit, claims.actor, workspaceId, ids, survivor._id, now);
    for (const source of sources) await moveToBin(context, unit, source, claims.actor, now, survivor._id);
    const names = await companyNames(context, workspaceId, [merged]);
    unit.publish(companyMerged, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: { ...companyState(merged, names), source_ids: ids },
    });
    return { merged: sources.length };
  });
}
