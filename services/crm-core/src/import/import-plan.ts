import { isAppError, newId, normaliseEmail } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { leadSourceModel, pipelineModel, stageModel, type StageRecord } from '../catalogue/catalogue.model';
import { companyModel, type CompanyRecord } from '../companies/company.model';
import { companySearchFields, companyStage, domainOfWebsite, NO_STAGE, placementOf, type StagePlacement } from '../companies/company-rules';
import { newCompanyRecord, storedFields } from '../companies/company-writes';
import { contactModel, type ContactRecord } from '../contacts/contact.model';
import type { ContactWriteBody } from '../contacts/contact.operations';
import { newContactRecord } from '../contacts/contact-store';
import { contactSearchFields } from '../contacts/contact-view';
import { activeCustomFields, validateCustomValues, type CustomFieldDefinition, type CustomValues } from '../custom-fields/custom-values';
import { companyNameKey, contactNameKey, domainKey } from '../duplicates/duplicate-keys';
import { checkCampaign } from '../references/campaigns';
import { checkMembers } from '../references/members';
import type { ImportDuplicateMode } from './import.operations';
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

const KEY_CHUNK = 500;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const problemOf = (error: unknown, field: string | null): RowProblem => {
  if (!isAppError(error) || error.status !== 400) throw error;
  return { field: field ?? (error.message.split(' ')[0] || null), message: error.message };
};
const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};

// Records findable by key, in the order they came (existing ones oldest first, then planned).
class KeyIndex {
  private readonly ids = new Map<string, string[]>();
  add(key: string | null, id: string): void {
    if (key === null) return;
    const list = this.ids.get(key) ?? [];
    if (!list.includes(id)) list.push(id);
    this.ids.set(key, list);
  }
  drop(key: string | null, id: string): void {
    if (key === null) return;
    const list = this.ids.get(key)?.filter((candidate) => candidate !== id) ?? [];
    if (list.length === 0) this.ids.delete(key);
    else this.ids.set(key, list);
  }
  first(key: string | null): string | null {
    return key === null ? null : (this.ids.get(key)?.[0] ?? null);
  }
}

// Each reference a row names, checked once per distinct id; an answer is null (fine) or the
// message of the refusal.
async function memo(ids: Iterable<string>, check: (id: string) => Promise<void>): Promise<Map<string, string | null>> {
  const answers = new Map<string, string | null>();
  for (const id of new Set(ids)) {
    try {
      await check(id);
      answers.set(id, null);
    } catch (error) {
      if (!isAppError(error) || error.status !== 400) throw error;
      answers.set(id, error.message);
    }
  }
  return answers;
}

export interface References {
  members: Map<string, string | null>;
  campaigns: Map<string, string | null>;
  stages: Map<string, StagePlacement | string>;
  sources: Set<string>;
  // Live contacts named as primary contact or manager: their company.
  contacts: Map<string, string | null>;
  defaultPlacement: StagePlacement;
  companyFields: CustomFieldDefinition[];
  contactFields: CustomFieldDefinition[];
}

async function defaultPlacement(context: ServiceContext, workspaceId: string): Promise<StagePlacement> {
  const pipeline = await pipelineModel(context.connection).findOne({ workspace_id: workspaceId, object: 'company', is_default: true }, { _id: 1 }).lean<{ _id: string }>().exec();
  if (!pipeline) return NO_STAGE;
  const first = await stageModel(context.connection)
    .findOne({ workspace_id: workspaceId, pipeline_id: pipeline._id }, { pipeline_id: 1, kind: 1 })
    .sort({ position: 1 })
    .lean<Pick<StageRecord, '_id' | 'pipeline_id' | 'kind'>>()
    .exec();
  return first ? placementOf(first) : NO_STAGE;
}

async function references(context: ServiceContext, workspaceId: string, rows: ImportRow[]): Promise<References> {
  const owners = rows.flatMap((row) => [row.company.owner_id, row.contact?.owner_id]).filter((id): id is string => typeof id === 'string');
  const campaigns = rows.map((row) => row.company.campaign_id).filter((id): id is string => typeof id === 'string');
  const stageIds = [...new Set(rows.map((row) => row.company.stage_id).filter((id): id is string => typeof id === 'string'))];
  const sourceIds = [...new Set(rows.map((row) => row.company.source_id).filter((id): id is string => typeof id === 'string'))];
  const contactIds = [
    ...new Set(rows.flatMap((row) => [row.company.primary_contact_id, row.contact?.reports_to_id]).filter((id): id is string => typeof id === 'string')),
  ];
  const stages = new Map<string, StagePlacement | string>();
  for (const id of stageIds) {
    try {
      stages.set(id, await companyStage(context, workspaceId, 'stage_id', id));
    } catch (error) {
      stages.set(id, problemOf(error, 'stage_id').message);
    }
  }
  const sources = new Set<string>();
  for (const slice of chunks(sourceIds, KEY_CHUNK)) {
    const found = await leadSourceModel(context.connection).find({ workspace_id: workspaceId, _id: { $in: slice } }, { _id: 1 }).lean<Array<{ _id: string }>>().exec();
    for (const source of found) sources.add(source._id);
  }
  const contacts = new Map<string, string | null>();
  for (const slice of chunks(contactIds, KEY_CHUNK)) {
    const found = await contactModel(context.connection)
      .find({ workspace_id: workspaceId, _id: { $in: slice }, deleted_at: null }, { company_id: 1 })
      .lean<Array<Pick<ContactRecord, '_id' | 'company_id'>>>()
      .exec();
    for (const contact of found) contacts.set(contact._id, contact.company_id ?? null);
  }
  return {
    members: await memo(owners, (id) => checkMembers(context, workspaceId, [{ field: 'owner_id', id }])),
    campaigns: await memo(campaigns, (id) => checkCampaign(context, workspaceId, 'campaign_id', id)),
    stages,
    sources,
    contacts,
    defaultPlacement: await defaultPlacement(context, workspaceId),
    companyFields: await activeCustomFields(context.connection, workspaceId, 'company'),
    contactFields: await activeCustomFields(context.connection, workspaceId, 'contact'),
  };
}

// `custom` merged into what is stored, as create and PATCH merge it (null removes a key).
function mergedCustom(input: unknown, stored: Record<string, unknown>, fields: CustomFieldDefinition[]): CustomValues {
  const given = validateCustomValues(input, fields);
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(given)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return validateCustomValues(merged, fields);
}

// The row's company references, as the company slice checks them (primary contact: of the
// target company or of none).
function companyReferenceProblem(row: ImportRow, target: string, refs: References): RowProblem | null {
  const { company } = row;
  if (company.owner_id && refs.members.get(company.owner_id)) return { field: 'owner_id', message: refs.members.get(company.owner_id)! };
  if (company.campaign_id && refs.campaigns.get(company.campaign_id)) return { field: 'campaign_id', message: refs.campaigns.get(company.campaign_id)! };
  if (company.stage_id && typeof refs.stages.get(company.stage_id) === 'string') return { field: 'stage_id', message: refs.stages.get(company.stage_id) as string };
  if (company.source_id && !refs.sources.has(company.source_id)) return { field: 'source_id', message: 'source_id is not a lead source of this workspace' };
  if (company.primary_contact_id) {
    const owner = refs.contacts.get(company.primary_contact_id);
    if (owner === undefined || (owner !== null && owner !== target)) {
      return { field: 'primary_contact_id', message: 'primary_contact_id is not a contact of this company (or of no company) in this workspace' };
    }
  }
  return null;
}

function contactReferenceProblem(contact: ContactWriteBody, refs: References): RowProblem | null {
  if (contact.owner_id && refs.members.get(contact.owner_id)) return { field: 'contact.owner_id', message: `contact.${refs.members.get(contact.owner_id)!}` };
  if (contact.reports_to_id && !refs.contacts.has(contact.reports_to_id)) return { field: 'contact.reports_to_id', message: 'contact.reports_to_id is not a contact of this workspace' };
  return null;
}

// A new company as POST /companies makes it.
function newCompany(workspaceId: string, row: ImportRow, refs: References, now: string): CompanyRecord {
  const body = row.company;
  const placement = body.stage_id === undefined ? refs.defaultPlacement : body.stage_id === null ? NO_STAGE : (refs.stages.get(body.stage_id) as StagePlacement);
  const custom = body.custom === undefined ? {} : mergedCustom(body.custom, {}, refs.companyFields);
  return newCompanyRecord(newId(), workspaceId, body, placement, custom, now);
}

// The company after a PATCH with the row's fields (as updateCompanyRecord computes it) and the
// fields that changed (as crm.company.updated names them).
export function patchedCompany(current: CompanyRecord, row: ImportRow, refs: References): { next: CompanyRecord; fields: string[] } {
  const body = row.company;
  const next: CompanyRecord = { ...current, ...storedFields(body) };
  if (body.stage_id !== undefined && body.stage_id !== current.stage_id) {
    Object.assign(next, body.stage_id === null ? NO_STAGE : (refs.stages.get(body.stage_id) as StagePlacement));
  }
  if (body.domain === undefined && body.website !== undefined && !current.domain) next.domain = domainOfWebsite(next.website);
  if (body.custom !== undefined) next.custom = mergedCustom(body.custom, current.custom ?? {}, refs.companyFields);
  const fields = (Object.keys(next) as Array<keyof CompanyRecord>).filter((field) => !same(next[field], current[field]));
  return { next: { ...next, ...companySearchFields(next) }, fields: fields.filter((field) => field !== 'pipeline_id' && field !== 'is_account') };
}

// The contact after a PATCH with the row's contact fields (as the contact slice computes it),
// and the fields that changed.
export function patchedContact(current: ContactRecord, body: ContactWriteBody, refs: References): { next: ContactRecord; fields: string[] } {
  const next: ContactRecord = { ...current };
  const fields: string[] = [];
  for (const field of [...CONTACT_FIELDS, 'company_id'] as const) {
    if (body[field] === undefined || same(body[field], current[field])) continue;
    Object.assign(next, { [field]: body[field] });
    fields.push(field);
  }
  if (body.custom !== undefined) {
    const custom = mergedCustom(body.custom, current.custom ?? {}, refs.contactFields);
    if (!same(custom, current.custom ?? {})) {
      next.custom = custom;
      fields.push('custom');
    }
  }
  return { next: { ...next, ...contactSearchFields(next) }, fields };
}

const CONTACT_FIELDS = ['reports_to_id', 'owner_id', 'first_name', 'last_name', 'email', 'phone', 'mobile', 'job_title', 'lawful_basis'] as const;

function newContact(workspaceId: string, companyId: string, body: ContactWriteBody, refs: References, now: string): ContactRecord {
  const custom = body.custom === undefined ? {} : mergedCustom(body.custom, {}, refs.contactFields);
  return newContactRecord(workspaceId, { ...body, company_id: companyId }, custom, now);
}

interface Matchers {
  companies: Map<string, CompanyRecord>;
  byDomain: KeyIndex;
  byName: KeyIndex;
  contacts: Map<string, ContactRecord>;
  byEmail: KeyIndex;
  byCompanyName: KeyIndex;
}

const companyNameOf = (contact: Pick<ContactRecord, 'company_id' | 'name_key'>) =>
  contact.company_id && contact.name_key ? `${contact.company_id}/${contact.name_key}` : null;

function rememberCompany(matchers: Matchers, record: CompanyRecord, before?: CompanyRecord): void {
  if (before) {
    matchers.byDomain.drop(before.domain_key, before._id);
    matchers.byName.drop(before.name_key, before._id);
  }
  matchers.companies.set(record._id, record);
  matchers.byDomain.add(record.domain_key, record._id);
  matchers.byName.add(record.name_key, record._id);
}

function rememberContact(matchers: Matchers, record: ContactRecord, before?: ContactRecord): void {
  if (before) {
    matchers.byEmail.drop(before.email_normalised, before._id);
    matchers.byCompanyName.drop(companyNameOf(before), before._id);
  }
  matchers.contacts.set(record._id, record);
  matchers.byEmail.add(record.email_normalised, record._id);
  matchers.byCompanyName.add(companyNameOf(record), record._id);
}

// The live companies and contacts the rows could match, oldest first.
async function existing(context: ServiceContext, workspaceId: string, rows: ImportRow[]): Promise<Matchers> {
  const matchers: Matchers = { companies: new Map(), byDomain: new KeyIndex(), byName: new KeyIndex(), contacts: new Map(), byEmail: new KeyIndex(), byCompanyName: new KeyIndex() };
  const domains = [...new Set(rows.map((row) => domainKey(row.company.domain ?? domainOfWebsite(row.company.website))).filter((key): key is string => key !== null))];
  const names = [...new Set(rows.map((row) => companyNameKey(row.company.name)).filter((key): key is string => key !== null))];
  const live = { workspace_id: workspaceId, deleted_at: null };
  const found: CompanyRecord[] = [];
  for (const [field, keys] of [['domain_key', domains], ['name_key', names]] as const) {
    for (const slice of chunks(keys, KEY_CHUNK)) found.push(...(await companyModel(context.connection).find({ ...live, [field]: { $in: slice } }).lean<CompanyRecord[]>().exec()));
  }
  const companies = [...new Map(found.map((company) => [company._id, company])).values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a._id.localeCompare(b._id));
  for (const company of companies) rememberCompany(matchers, company);

  const emails = [...new Set(rows.map((row) => (row.contact?.email ? normaliseEmail(row.contact.email) : null)).filter((key): key is string => key !== null))];
  const people = [...new Set(rows.map((row) => (row.contact ? contactNameKey(row.contact.first_name, row.contact.last_name) : null)).filter((key): key is string => key !== null))];
  const contactsFound: ContactRecord[] = [];
  for (const slice of chunks(emails, KEY_CHUNK)) contactsFound.push(...(await contactModel(context.connection).find({ ...live, email_normalised: { $in: slice } }).lean<ContactRecord[]>().exec()));
  const companyIds = companies.map((company) => company._id);
  if (people.length > 0) {
    // By company only (one index range each), the names compared here: ranges for every pair of
    // company and name would multiply.
    const wanted = new Set(people);
    for (const slice of chunks(companyIds, KEY_CHUNK)) {
      const atCompanies = await contactModel(context.connection).find({ ...live, company_id: { $in: slice } }).lean<ContactRecord[]>().exec();
      contactsFound.push(...atCompanies.filter((contact) => contact.name_key !== null && wanted.has(contact.name_key)));
    }
  }
  const contacts = [...new Map(contactsFound.map((contact) => [contact._id, contact])).values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a._id.localeCompare(b._id));
  for (const contact of contacts) rememberContact(matchers, contact);
  return matchers;
}

// The contact a row's contact matches (by email, else by name at the row's company), or null.
function contactMatch(companyId: string, body: ContactWriteBody, matchers: Matchers): string | null {
  const email = body.email ? normaliseEmail(body.email) : null;
  const nameKey = contactNameKey(body.first_name, body.last_name);
  return matchers.byEmail.first(email) ?? matchers.byCompanyName.first(nameKey ? `${companyId}/${nameKey}` : null);
}

function contactPlan(workspaceId: string, companyId: string, body: ContactWriteBody, mode: ImportDuplicateMode, refs: References, matchers: Matchers, now: string): ContactPlan {
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
  const checked = rawRows.slice(from).map((raw, position) => ({ index: from + position, row: checkRow(raw) }));
  const valid = checked.flatMap(({ row }) => ('company' in row ? [row] : []));
  const refs = await references(context, workspaceId, valid);
  const matchers = await existing(context, workspaceId, valid);
  const plans: RowPlan[] = [];
  for (const { index, row } of checked) {
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

function planRow(workspaceId: string, index: number, row: ImportRow, mode: ImportDuplicateMode, refs: References, matchers: Matchers, now: string, room: RecordRoom): RowPlan {
  const keyOfDomain = domainKey(row.company.domain ?? domainOfWebsite(row.company.website));
  const match = mode === 'create' ? null : (matchers.byDomain.first(keyOfDomain) ?? matchers.byName.first(companyNameKey(row.company.name)));
  if (match !== null && mode === 'skip') return { index, kind: 'skip', id: match };
  const target = match ?? newId();
  const problem = companyReferenceProblem(row, target, refs) ?? (row.contact ? contactReferenceProblem(row.contact, refs) : null);
  if (problem) return { index, kind: 'error', problem };
  // Checked before anything of the row is remembered, so a refused row leaves no trace.
  if (row.contact?.custom !== undefined) {
    try {
      validateCustomValues(row.contact.custom, refs.contactFields);
    } catch (error) {
      const fault = problemOf(error, null);
      return { index, kind: 'error', problem: { field: `contact.${fault.field}`, message: `contact.${fault.message}` } };
    }
  }
  // The record limit: what the row creates (its company, its contact) must fit whole.
  if (room.left !== null) {
    const creates = (match === null ? 1 : 0) + (row.contact && (mode === 'create' || contactMatch(target, row.contact, matchers) === null) ? 1 : 0);
    if (creates > room.left) return { index, kind: 'error', problem: { field: null, message: room.refusal } };
    room.left -= creates;
  }
  if (match === null) {
    const record = { ...newCompany(workspaceId, row, refs, now), _id: target };
    rememberCompany(matchers, record);
    return { index, kind: 'create', record, contact: row.contact ? contactPlan(workspaceId, target, row.contact, mode, refs, matchers, now) : null };
  }
  const current = matchers.companies.get(match)!;
  const { next, fields } = patchedCompany(current, row, refs);
  if (fields.length > 0) rememberCompany(matchers, next, current);
  const contact = row.contact ? contactPlan(workspaceId, match, row.contact, mode, refs, matchers, now) : null;
  return fields.length > 0 ? { index, kind: 'update', id: match, row, contact } : { index, kind: 'unchanged', id: match, contact };
}
