import { implement, implementCreate, isUuid, notFound, noteVersion, workspaceOf, type Implementation } from '@crm/kit';
import { companyModel, type CompanyRecord } from './company.model';
import {
  bulkCompanies,
  countCompanies,
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  mergeCompanies as mergeCompaniesOperation,
  updateCompany,
} from './company.operations';
import { bulkCompanyAction } from './company-bulk';
import { companyCounts, listCompanyPage } from './company-list';
import { mergeCompanies } from './company-merge';
import { companyViews } from './company-view';
import { createCompanyRecord, deleteCompanyRecord, updateCompanyRecord } from './company-writes';
import type { CrmCoreRuntime } from '../../crm-core-runtime';

// The eight company operations of the contract; access comes from the permission matrix.
export function companyOperations(runtime: CrmCoreRuntime): Implementation[] {
  const { context } = runtime;
  return [
    implement(listCompanies, async ({ req, auth, query }) =>
      listCompanyPage(context, workspaceOf(req), auth.user_id, query),
    ),
    implementCreate(createCompany, async ({ req, auth, body }) =>
      createCompanyRecord(runtime, auth, workspaceOf(req), body),
    ),
    implement(countCompanies, async ({ req, auth }) => companyCounts(context, workspaceOf(req), auth.user_id)),
    implement(bulkCompanies, async ({ req, auth, body }) => bulkCompanyAction(context, auth, workspaceOf(req), body)),
    implement(
      getCompany,
      async ({ req, params }) => {
        const workspaceId = workspaceOf(req);
        if (!isUuid(params.id)) throw notFound('company');
        const company = await companyModel(context.connection)
          .findOne({ _id: params.id, workspace_id: workspaceId })
          .lean<CompanyRecord>()
          .exec();
        if (!company) throw notFound('company');
        noteVersion(req, company.version);
        const [view] = await companyViews(context, workspaceId, [company]);
        return view;
      },
      { notesVersion: true },
    ),
    implement(updateCompany, async ({ req, auth, params, body }) =>
      updateCompanyRecord(context, auth, workspaceOf(req), params.id, body),
    ),
    implement(deleteCompany, async ({ req, auth, params }) =>
      deleteCompanyRecord(context, auth, workspaceOf(req), params.id),
    ),
    implement(mergeCompaniesOperation, async ({ req, auth, params, body }) =>
      mergeCompanies(context, auth, workspaceOf(req), params.id, body.source_ids),
    ),
  ];
}
