import { isAppError, problemFinder, type Schema } from '@crm/kit';
import {
  COMPANY_READ_ONLY_FIELDS,
  createCompany,
  type CreateCompanyBody,
} from '../../records/companies/company.operations';
import { createContact, type ContactWriteBody } from '../../records/contacts/contact.operations';

// The shape of one row, checked with the very declarations of POST /companies and POST /contacts
// (their trimming, preparation and schema), so an imported company is exactly what the API
// would accept. Problems come back as values naming the field, never thrown.

export interface RowProblem {
  field: string | null;
  message: string;
}

export interface ImportRow {
  company: CreateCompanyBody;
  contact: ContactWriteBody | null;
}

const CONTACT_READ_ONLY_FIELDS = ['id', 'created_at', 'updated_at', 'deleted_at'];

const companyProblem = problemFinder(createCompany.body as unknown as Schema);
const contactProblem = problemFinder(createContact.body as unknown as Schema);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function trimmed(body: Record<string, unknown>, fields: readonly string[] | undefined): Record<string, unknown> {
  const copy = { ...body };
  for (const field of fields ?? []) if (typeof copy[field] === 'string') copy[field] = copy[field].trim();
  return copy;
}

// A declaration's own preparation may refuse (a read-only field): its message starts with the field.
function prepared(
  prepare: ((body: unknown) => unknown) | undefined,
  body: Record<string, unknown>,
  prefix: string,
): { body: unknown } | RowProblem {
  try {
    return { body: prepare ? prepare(body) : body };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { field: `${prefix}${error.message.split(' ')[0]}`, message: `${prefix}${error.message}` };
  }
}

const prefixed = (problem: { field: string; message: string }, prefix: string): RowProblem => ({
  field: problem.field === '' ? (prefix === '' ? null : prefix.slice(0, -1)) : `${prefix}${problem.field}`,
  message:
    prefix === '' || problem.message.startsWith('unknown field')
      ? problem.message.replace("unknown field '", `unknown field '${prefix}`)
      : `${prefix}${problem.message}`,
});

export function checkRow(raw: unknown): ImportRow | RowProblem {
  if (!isObject(raw)) return { field: null, message: 'a row must be an object' };
  const { contact: rawContact, ...rawCompany } = raw;
  const readOnly = COMPANY_READ_ONLY_FIELDS.find((field) => Object.hasOwn(rawCompany, field));
  if (readOnly) return { field: readOnly, message: `${readOnly} is read-only` };
  const company = prepared(createCompany.prepare, trimmed(rawCompany, createCompany.trim), '');
  if (!('body' in company)) return company;
  const companyFault = companyProblem(company.body);
  if (companyFault) return prefixed(companyFault, '');
  if (rawContact === undefined || rawContact === null)
    return { company: company.body as CreateCompanyBody, contact: null };
  if (!isObject(rawContact)) return { field: 'contact', message: 'contact must be an object' };
  const contactReadOnly = CONTACT_READ_ONLY_FIELDS.find((field) => Object.hasOwn(rawContact, field));
  if (contactReadOnly)
    return { field: `contact.${contactReadOnly}`, message: `contact.${contactReadOnly} is read-only` };
  if (Object.hasOwn(rawContact, 'company_id'))
    return { field: 'contact.company_id', message: "contact.company_id is the row's company: leave it out" };
  const contact = prepared(createContact.prepare, trimmed(rawContact, createContact.trim), 'contact.');
  if (!('body' in contact)) return contact;
  const contactFault = contactProblem(contact.body);
  if (contactFault) return prefixed(contactFault, 'contact.');
  return { company: company.body as CreateCompanyBody, contact: contact.body as ContactWriteBody };
}
