import type { Connection } from 'mongoose';
import { unary, validationFailed, type GrpcRegistration } from '@crm/kit';
import { crmCoreV1 } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { companyModel } from '../records/companies/company.model';
import { contactModel } from '../records/contacts/contact.model';
import { erasedContactModel } from '../data/privacy/erased-contact.model';

// One call checks every record a request names: a bounded batch.
export const GET_TARGETS_MAX = 500;

const TARGET_TYPES = new Set(['company', 'contact']);

// Which of the given companies and contacts exist in the workspace and are not in the recycle
// bin, read from crm-core's own records at the time of the call (a record created by the
// previous request is found). Unknown, binned, erased and other workspaces' ids are left out: an
// erased contact keeps no files.
export async function getTargets(
  connection: Connection,
  request: crmCoreV1.GetTargetsRequest,
): Promise<crmCoreV1.GetTargetsResponse> {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  if (request.targets.length > GET_TARGETS_MAX) throw validationFailed(`at most ${GET_TARGETS_MAX} targets`);
  const wanted = { company: new Set<string>(), contact: new Set<string>() };
  for (const target of request.targets) {
    if (!TARGET_TYPES.has(target.type)) throw validationFailed('target type must be company or contact');
    wanted[target.type as 'company' | 'contact'].add(target.id);
  }
  const live = { workspace_id: request.workspace_id, deleted_at: null };
  const [companies, contacts] = await Promise.all([
    wanted.company.size === 0
      ? []
      : companyModel(connection)
          .find({ ...live, _id: { $in: [...wanted.company] } }, { _id: 1 })
          .lean<Array<{ _id: string }>>()
          .exec(),
    wanted.contact.size === 0
      ? []
      : contactModel(connection)
          .find({ ...live, _id: { $in: [...wanted.contact] } }, { _id: 1 })
          .lean<Array<{ _id: string }>>()
          .exec(),
  ]);
  const erased =
    contacts.length === 0
      ? new Set<string>()
      : new Set(
          (
            await erasedContactModel(connection)
              .find({ workspace_id: request.workspace_id, _id: { $in: contacts.map(({ _id: id }) => id) } }, { _id: 1 })
              .lean<Array<{ _id: string }>>()
              .exec()
          ).map(({ _id: id }) => id),
        );
  return {
    targets: [
      ...companies.map(({ _id: id }) => ({ type: 'company', id })),
      ...contacts.filter(({ _id: id }) => !erased.has(id)).map(({ _id: id }) => ({ type: 'contact', id })),
    ],
  };
}

export function crmRecordsGrpc(context: ServiceContext): GrpcRegistration {
  const implementation: crmCoreV1.CrmRecordsServiceServer = {
    getTargets: unary<crmCoreV1.GetTargetsRequest, crmCoreV1.GetTargetsResponse>(context.logger, (request) =>
      getTargets(context.connection, request),
    ),
  };
  return { definition: crmCoreV1.CrmRecordsServiceService, implementation };
}
