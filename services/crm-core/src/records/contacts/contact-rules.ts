import { validationFailed } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import type { ClientSession } from 'mongoose';
import { companyModel } from '../companies/company.model';
import { activeCustomFields, validateCustomValues, type CustomValues } from '../custom-fields/custom-values';
import { checkMembers } from '../references/members';
import { contactModel, type ContactRecord } from './contact.model';

// A reporting line longer than this is refused as if it were a cycle: walking it costs a read per level.
const REPORTING_DEPTH_MAX = 100;

// The owner must be an active member, asked of identity before the write's transaction.
export async function checkOwner(
  context: ServiceContext,
  workspaceId: string,
  ownerId: string | null | undefined,
): Promise<void> {
  if (ownerId) await checkMembers(context, workspaceId, [{ field: 'owner_id', id: ownerId }]);
}

export async function checkCompany(
  context: ServiceContext,
  workspaceId: string,
  companyId: string,
  session: ClientSession,
): Promise<void> {
  const company = await companyModel(context.connection)
    .findOne({ _id: companyId, workspace_id: workspaceId, deleted_at: null }, { _id: 1 })
    .session(session)
    .lean()
    .exec();
  if (!company) throw validationFailed('company_id is not a company of this workspace');
}

// The manager must be another active contact of the workspace, and the contact must not end up
// above itself in the reporting line (contactId is null for a contact being created).
export async function checkManager(
  context: ServiceContext,
  workspaceId: string,
  contactId: string | null,
  managerId: string,
  session: ClientSession,
): Promise<void> {
  if (managerId === contactId) throw validationFailed('reports_to_id must not be the contact itself');
  const contacts = contactModel(context.connection);
  const manager = await contacts
    .findOne({ _id: managerId, workspace_id: workspaceId, deleted_at: null }, { reports_to_id: 1 })
    .session(session)
    .lean<Pick<ContactRecord, '_id' | 'reports_to_id'>>()
    .exec();
  if (!manager) throw validationFailed('reports_to_id is not a contact of this workspace');
  if (contactId === null) return;
  let above = manager.reports_to_id;
  for (let depth = 0; above !== null; depth += 1) {
    if (above === contactId || depth === REPORTING_DEPTH_MAX)
      throw validationFailed('reports_to_id would make a reporting cycle');
    const next = await contacts
      .findOne({ _id: above, workspace_id: workspaceId }, { reports_to_id: 1 })
      .session(session)
      .lean<Pick<ContactRecord, '_id' | 'reports_to_id'>>()
      .exec();
    above = next?.reports_to_id ?? null;
  }
}

// `custom` as sent, checked against the contact custom fields of the workspace.
export async function checkCustom(
  context: ServiceContext,
  workspaceId: string,
  input: unknown,
  session: ClientSession,
): Promise<CustomValues> {
  return validateCustomValues(input, await activeCustomFields(context.connection, workspaceId, 'contact', session));
}

// PATCH merges `custom` by key: a null value removes the key. The result keeps the size limits.
export function mergeCustom(stored: Record<string, unknown>, changes: CustomValues): CustomValues {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return validateCustomValues(merged, []);
}
