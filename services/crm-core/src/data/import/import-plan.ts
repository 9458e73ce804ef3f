import { newId, timeSlices } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import type { CompanyRecord } from '../../records/companies/company.model';
import { domainOfWebsite } from '../../records/companies/company-rules';
import type { ContactRecord } from '../../records/contacts/contact.model';
import type { ContactWriteBody } from '../../records/contacts/contact.operations';
import { validateCustomValues } from '../../records/custom-fields/custom-values';
import { companyNameKey, domainKey } from '../../search/duplicates/duplicate-keys';
import type { ImportDuplicateMode } from './import.operations';
import { contactMatch, existingMatchers, rememberCompany, rememberContact, type Matchers } from './import-matching';
import { newCompany, newContact, patchedCompany, patchedContact } from './import-records';
import {
  companyReferenceProblem,
  contactReferenceProblem,
  loadReferences,
  problemOf,
  type References,
} from './import-references';
import { checkRow, type ImportRow, type RowProblem } from './import-rows';

// What an import will do, row by row, decided before anything is written: the same plan answers
// a dry run and drives the real one, so the two agree. Rows are decided in order against the
// workspace's live companies and contacts plus what earlier rows create or change.

export type ContactPlan =
  | { kind: 'create'; record: ContactRecord }
  | { kind: 'update'; id: string; body: ContactWriteBody }
  | { kind: 'unchanged' | 'skip' };

export type RowPlan =
  | { index: number; kind: 'error'; problem: RowProblem }
  | { index: number; kind: 'create'; record: CompanyRecord; contact: ContactPlan | null }
  | { index: number; kind: 'update'; id: string; row: ImportRow; contact: ContactPlan | null }
  | { index: number; kind: 'unchanged'; id: string; contact: ContactPlan | null }
  | { index: number; kind: 'skip'; id: string };

export interface ImportPlan {
  rows: RowPlan[];
  // What the rows' references resolved to, for the writes.
  refs: References;
}

// The records the plan's rows may still create under the workspace's record limit (null: no
// limit); each row that creates takes its share in row order, and a row that would not fit is
// refused whole with `refusal`.
export interface RecordRoom {
  left: number | null;
  refusal: string;
}

export async function planImport(
  context: ServiceContext,
  workspaceId: string,
  rawRows: unknown[],
  mode: ImportDuplicateMode,
  now: string,
  room: RecordRoom,
  // Rows before it are left out (done by an earlier run of the same import); indexes stay those of rawRows.
  from = 0,
): Promise<ImportPlan> {
  // Planning 10,000 rows is about a second of computing: other requests get turns meanwhile.
  const pause = timeSlices();
  const checked: Array<{ index: number; row: ReturnType<typeof checkRow> }> = [];
  for (let index = from; index < rawRows.length; index++) {
    await pause();
    checked.push({ index, row: checkRow(rawRows[index]) });
  }
  const valid = checked.flatMap(({ row }) => ('company' in row ? [row] : []));
  const refs = await loadReferences(context, workspaceId, valid);
  const matchers = await existingMatchers(context, workspaceId, valid, pause);
  const plans: RowPlan[] = [];
  for (const { index, row } of checked) {
    await pause();
    if (!('company' in row)) {
      plans.push({ index, kind: 'error', problem: row });
      continue;
    }
    try {
      plans.push(planRow(workspaceId, index, row, mode, refs, matchers, now, room));
    } catch (error) {
      // custom values are checked while the record is built: their refusal names custom.<key>.
      plans.push({ index, kind: 'error', problem: problemOf(error, null) });
    }
  }
  return { rows: plans, refs };
}

function planRow(
  workspaceId: string,
  index: number,
  row: ImportRow,
  mode: ImportDuplicateMode,
  refs: References,
  matchers: Matchers,
  now: string,
  room: RecordRoom,
): RowPlan {
  const keyOfDomain = domainKey(row.company.domain ?? domainOfWebsite(row.company.website));
  const match =
    mode === 'create'
      ? null
      : (matchers.byDomain.first(keyOfDomain) ?? matchers.byName.first(companyNameKey(row.company.name)));
  if (match !== null && mode === 'skip') return { index, kind: 'skip', id: match };
  const target = match ?? newId();
  const problem =
    companyReferenceProblem(row, target, refs) ?? (row.contact ? contactReferenceProblem(row.contact, refs) : null);
  if (problem) return { index, kind: 'error', problem };
  // Checked before anything of the row is remembered, so a refused row leaves no trace.
  if (row.contact?.custom !== undefined) {
    try {
      validateCustomValues(row.contact.custom, refs.contactFields);
    } catch (error) {
      const fault = problemOf(error, null);
      return {
        index,
        kind: 'error',
        problem: { field: `contact.${fault.field}`, message: `contact.${fault.message}` },
      };
    }
  }
  // The record limit: what the row creates (its company, its contact) must fit whole.
  if (room.left !== null) {
    const creates =
      (match === null ? 1 : 0) +
      (row.contact && (mode === 'create' || contactMatch(target, row.contact, matchers) === null) ? 1 : 0);
    if (creates > room.left) return { index, kind: 'error', problem: { field: null, message: room.refusal } };
    room.left -= creates;
  }
  if (match === null) {
    const record = { ...newCompany(workspaceId, row, refs, now), _id: target };
    rememberCompany(matchers, record);
    return {
      index,
      kind: 'create',
      record,
      contact: row.contact ? contactPlan(workspaceId, target, row.contact, mode, refs, matchers, now) : null,
    };
  }
  const current = matchers.companies.get(match)!;
  const { next, fields } = patchedCompany(current, row, refs);
  if (fields.length > 0) rememberCompany(matchers, next, current);
  const contact = row.contact ? contactPlan(workspaceId, match, row.contact, mode, refs, matchers, now) : null;
  return fields.length > 0
    ? { index, kind: 'update', id: match, row, contact }
    : { index, kind: 'unchanged', id: match, contact };
}

function contactPlan(
  workspaceId: string,
  companyId: string,
  body: ContactWriteBody,
  mode: ImportDuplicateMode,
  refs: References,
  matchers: Matchers,
  now: string,
): ContactPlan {
  const matchId = contactMatch(companyId, body, matchers);
  if (matchId === null || mode === 'create') {
    const record = newContact(workspaceId, companyId, body, refs, now);
    rememberContact(matchers, record);
    return { kind: 'create', record };
  }
  if (mode === 'skip') return { kind: 'skip' };
  const current = matchers.contacts.get(matchId)!;
  const patch: ContactWriteBody = { ...body };
  // A contact without a company joins the row's company.
  if (current.company_id === null) patch.company_id = companyId;
  const { next, fields } = patchedContact(current, patch, refs);
  if (fields.length === 0) return { kind: 'unchanged' };
  rememberContact(matchers, next, current);
  return { kind: 'update', id: matchId, body: patch };
}
