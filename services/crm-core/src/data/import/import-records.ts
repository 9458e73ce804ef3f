import { newId } from '@crm/kit';
import type { CompanyRecord } from '../../records/companies/company.model';
import {
  companySearchFields,
  domainOfWebsite,
  NO_STAGE,
  type StagePlacement,
} from '../../records/companies/company-rules';
import { newCompanyRecord, storedFields } from '../../records/companies/company-writes';
import type { ContactRecord } from '../../records/contacts/contact.model';
import type { ContactWriteBody } from '../../records/contacts/contact.operations';
import { newContactRecord } from '../../records/contacts/contact-store';
import { contactSearchFields } from '../../records/contacts/contact-view';
import { mergedCustomValues } from '../../records/custom-fields/custom-values';
import type { References } from './import-references';
import type { ImportRow } from './import-rows';

// The records a row makes or changes, computed as the company and contact slices compute them.

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// Where a stage_id given in a row puts the company (null: in no stage).
function stagePlacement(stageId: string | null, refs: References): StagePlacement {
  if (stageId === null) return NO_STAGE;
  return refs.stages.get(stageId) as StagePlacement;
}

// A new company as POST /companies makes it.
export function newCompany(workspaceId: string, row: ImportRow, refs: References, now: string): CompanyRecord {
  const body = row.company;
  const placement = body.stage_id === undefined ? refs.defaultPlacement : stagePlacement(body.stage_id, refs);
  const custom = body.custom === undefined ? {} : mergedCustomValues(body.custom, {}, refs.companyFields);
  return newCompanyRecord(newId(), workspaceId, body, placement, custom, now);
}

// The company after a PATCH with the row's fields (as updateCompanyRecord computes it) and the
// fields that changed (as crm.company.updated names them).
export function patchedCompany(
  current: CompanyRecord,
  row: ImportRow,
  refs: References,
): { next: CompanyRecord; fields: string[] } {
  const body = row.company;
  const next: CompanyRecord = { ...current, ...storedFields(body) };
  if (body.stage_id !== undefined && body.stage_id !== current.stage_id) {
    Object.assign(next, stagePlacement(body.stage_id, refs));
  }
  if (body.domain === undefined && body.website !== undefined && !current.domain)
    next.domain = domainOfWebsite(next.website);
  if (body.custom !== undefined)
    next.custom = mergedCustomValues(body.custom, current.custom ?? {}, refs.companyFields);
  const fields = (Object.keys(next) as Array<keyof CompanyRecord>).filter(
    (field) => !same(next[field], current[field]),
  );
  return {
    next: { ...next, ...companySearchFields(next) },
    fields: fields.filter((field) => field !== 'pipeline_id' && field !== 'is_account'),
  };
}

const CONTACT_FIELDS = [
  'reports_to_id',
  'owner_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'mobile',
  'job_title',
  'lawful_basis',
] as const;

// The contact after a PATCH with the row's contact fields (as the contact slice computes it),
// and the fields that changed.
export function patchedContact(
  current: ContactRecord,
  body: ContactWriteBody,
  refs: References,
): { next: ContactRecord; fields: string[] } {
  const next: ContactRecord = { ...current };
  const fields: string[] = [];
  for (const field of [...CONTACT_FIELDS, 'company_id'] as const) {
    if (body[field] === undefined || same(body[field], current[field])) continue;
    Object.assign(next, { [field]: body[field] });
    fields.push(field);
  }
  if (body.custom !== undefined) {
    const custom = mergedCustomValues(body.custom, current.custom ?? {}, refs.contactFields);
    if (!same(custom, current.custom ?? {})) {
      next.custom = custom;
      fields.push('custom');
    }
  }
  return { next: { ...next, ...contactSearchFields(next) }, fields };
}

export function newContact(
  workspaceId: string,
  companyId: string,
  body: ContactWriteBody,
  refs: References,
  now: string,
): ContactRecord {
  const custom = body.custom === undefined ? {} : mergedCustomValues(body.custom, {}, refs.contactFields);
  return newContactRecord(workspaceId, { ...body, company_id: companyId }, custom, now);
}
