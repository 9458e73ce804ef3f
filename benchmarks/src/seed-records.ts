import { newId } from '@crm/kit';
// The same derived fields the service writes, so the seeded records are what its writes make.
import { companySearchFields } from '@crm/crm-core/dist/records/companies/company-rules';
import { contactSearchFields } from '@crm/crm-core/dist/records/contacts/contact-view';

// Records as crm-core stores them, for benchmarks that seed a workspace straight into its
// collections: every stored field, empty unless given, and the search fields the service derives
// from the given ones.

type Fields = Record<string, unknown>;

export function companyRecord(
  workspaceId: string,
  at: string,
  given: Parameters<typeof companySearchFields>[0] & Fields,
): Fields {
  return {
    _id: newId(),
    version: 1,
    workspace_id: workspaceId,
    website: null,
    phone: null,
    country_code: 'GB',
    industry: null,
    turnover_band: null,
    employee_count: null,
    company_number: null,
    sic_codes: [],
    description: null,
    owner_id: null,
    stage_id: null,
    pipeline_id: null,
    is_account: false,
    source_id: null,
    campaign_id: null,
    primary_contact_id: null,
    custom: {},
    deleted_at: null,
    created_at: at,
    updated_at: at,
    ...given,
    ...companySearchFields(given),
  };
}

export function contactRecord(
  workspaceId: string,
  at: string,
  given: Parameters<typeof contactSearchFields>[0] & Fields,
): Fields {
  return {
    _id: newId(),
    version: 1,
    workspace_id: workspaceId,
    company_id: null,
    reports_to_id: null,
    owner_id: null,
    phone: null,
    mobile: null,
    job_title: null,
    lawful_basis: null,
    custom: {},
    deleted_at: null,
    created_at: at,
    updated_at: at,
    ...given,
    ...contactSearchFields(given),
  };
}
