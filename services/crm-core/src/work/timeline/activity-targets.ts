import { notFound, validationFailed } from '@crm/kit';
import type { ClientSession, Model } from 'mongoose';
import type { ServiceContext } from '@crm/service-host';
import { companyModel } from '../../records/companies/company.model';
import { contactModel } from '../../records/contacts/contact.model';
import { dealModel } from '../../sales/deals/deal.model';
import type { ActivityTargetType } from './activity.model';

// The records a timeline entry or a task can be about, all crm-core's own: read in the write's
// transaction. Another workspace's id reads as unknown.

export interface TargetRecord {
  // The company a timeline entry of this record is shown on with include_contacts.
  company_id: string | null;
  // The contact's version, for the contact-company bookkeeping (null for other targets).
  contact_version: number | null;
}

interface Found {
  _id: string;
  company_id?: string | null;
  version?: number;
  deleted_at?: string | null;
}

// What an entry or a task needs of its target, by type.
const TARGET_FIELDS: Record<ActivityTargetType, Record<string, 1>> = {
  company: { deleted_at: 1 },
  contact: { deleted_at: 1, company_id: 1, version: 1 },
  deal: { _id: 1 },
};

// The targets of one type among `ids` that exist in the workspace (in the bin too).
async function findTargets(
  context: ServiceContext,
  workspaceId: string,
  type: ActivityTargetType,
  ids: readonly string[],
  session?: ClientSession,
): Promise<Found[]> {
  const scope = { _id: { $in: [...new Set(ids)] }, workspace_id: workspaceId };
  // Each of the three stores the fields of Found that TARGET_FIELDS reads.
  const model = { company: companyModel, contact: contactModel, deal: dealModel }[type](
    context.connection,
  ) as unknown as Model<Found>;
  return model
    .find(scope, TARGET_FIELDS[type])
    .session(session ?? null)
    .lean<Found[]>()
    .exec();
}

async function findTarget(
  context: ServiceContext,
  workspaceId: string,
  type: ActivityTargetType,
  id: string,
  session?: ClientSession,
): Promise<Found | null> {
  return (await findTargets(context, workspaceId, type, [id], session))[0] ?? null;
}

// Many targets of one type at once (a batch of entries), by id: those that exist, in the bin too.
export async function binnedTargets(
  context: ServiceContext,
  workspaceId: string,
  type: ActivityTargetType,
  ids: readonly string[],
  session: ClientSession,
): Promise<Map<string, TargetRecord>> {
  const found = await findTargets(context, workspaceId, type, ids, session);
  return new Map(found.map((record) => [record._id, placement(type, record)]));
}

const placement = (type: ActivityTargetType, found: Found): TargetRecord => ({
  company_id: type === 'company' ? found._id : type === 'contact' ? (found.company_id ?? null) : null,
  contact_version: type === 'contact' ? (found.version ?? 1) : null,
});

// A target named in a body: a company or contact outside the recycle bin, or a deal; else 400
// naming the field (as deals treat the records they name).
export async function writableTarget(
  context: ServiceContext,
  workspaceId: string,
  type: ActivityTargetType,
  id: string,
  session: ClientSession,
  field = 'target_id',
): Promise<TargetRecord> {
  const found = await findTarget(context, workspaceId, type, id, session);
  if (!found || found.deleted_at) {
    throw validationFailed(
      `${field} is not a ${type} of this workspace${type === 'deal' ? '' : ' outside the recycle bin'}`,
    );
  }
  return placement(type, found);
}

// The record whose timeline is read: it names a resource the way a path id would, so an unknown
// one (another workspace's too) is 404. A record in the recycle bin can be read.
export async function readableTarget(
  context: ServiceContext,
  workspaceId: string,
  type: ActivityTargetType,
  id: string,
): Promise<void> {
  if (!(await findTarget(context, workspaceId, type, id))) throw notFound(type);
}
