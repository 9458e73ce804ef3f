import { notFound, validationFailed } from '@crm/kit';
import type { ClientSession } from 'mongoose';
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

async function findTarget(
  context: ServiceContext,
  workspaceId: string,
  type: ActivityTargetType,
  id: string,
  session?: ClientSession,
): Promise<Found | null> {
  const scope = { _id: id, workspace_id: workspaceId };
  const connection = context.connection;
  if (type === 'company')
    return companyModel(connection)
      .findOne(scope, { deleted_at: 1 })
      .session(session ?? null)
      .lean<Found>()
      .exec();
  if (type === 'contact')
    return contactModel(connection)
      .findOne(scope, { deleted_at: 1, company_id: 1, version: 1 })
      .session(session ?? null)
      .lean<Found>()
      .exec();
  return dealModel(connection)
    .findOne(scope, { _id: 1 })
    .session(session ?? null)
    .lean<Found>()
    .exec();
}

// Many targets of one type at once (a batch of entries), by id: those that exist, in the bin too.
export async function binnedTargets(
  context: ServiceContext,
  workspaceId: string,
  type: ActivityTargetType,
  ids: readonly string[],
  session: ClientSession,
): Promise<Map<string, TargetRecord>> {
  const scope = { _id: { $in: [...new Set(ids)] }, workspace_id: workspaceId };
  const connection = context.connection;
  const found =
    type === 'company'
      ? await companyModel(connection).find(scope, { _id: 1 }).session(session).lean<Found[]>().exec()
      : type === 'contact'
        ? await contactModel(connection)
            .find(scope, { company_id: 1, version: 1 })
            .session(session)
            .lean<Found[]>()
            .exec()
        : await dealModel(connection).find(scope, { _id: 1 }).session(session).lean<Found[]>().exec();
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
