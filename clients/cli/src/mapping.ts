import { readFileSync } from 'node:fs';
import { requestSchema, resolveSchema, type OpenApiSchema } from '@crm/sdk';
import { UsageError } from './context';

// How CSV columns become import rows. A column maps to a field of the import row: a company field
// (`name`, `address.postcode`, `custom.tier`) or a field of the row's contact (`contact.email`).
// The fields and their types come from the API's OpenAPI document (POST /companies and POST
// /contacts bodies); the labels below are the names other CRMs and spreadsheets give them.

export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'list';

export interface Field {
  path: string;
  kind: FieldKind;
}

const LABELS: Record<string, string> = {
  company: 'name',
  company_name: 'name',
  organisation: 'name',
  organization: 'name',
  organisation_name: 'name',
  organization_name: 'name',
  account_name: 'name',
  url: 'website',
  web_site: 'website',
  website_url: 'website',
  company_domain: 'domain',
  company_domain_name: 'domain',
  telephone: 'phone',
  phone_number: 'phone',
  company_phone: 'phone',
  street: 'address.line1',
  street_address: 'address.line1',
  address: 'address.line1',
  address_1: 'address.line1',
  address_line_1: 'address.line1',
  address_line1: 'address.line1',
  address_2: 'address.line2',
  address_line_2: 'address.line2',
  address_line2: 'address.line2',
  city: 'address.city',
  town: 'address.city',
  town_city: 'address.city',
  region: 'address.region',
  county: 'address.region',
  state: 'address.region',
  state_region: 'address.region',
  postcode: 'address.postcode',
  post_code: 'address.postcode',
  postal_code: 'address.postcode',
  zip: 'address.postcode',
  zip_code: 'address.postcode',
  country: 'country_code',
  country_iso: 'country_code',
  employees: 'employee_count',
  number_of_employees: 'employee_count',
  no_of_employees: 'employee_count',
  headcount: 'employee_count',
  turnover: 'turnover_band',
  annual_revenue: 'turnover_band',
  company_registration_number: 'company_number',
  registration_number: 'company_number',
  sic_code: 'sic_codes',
  sic: 'sic_codes',
  email: 'contact.email',
  email_address: 'contact.email',
  contact_email: 'contact.email',
  first_name: 'contact.first_name',
  firstname: 'contact.first_name',
  given_name: 'contact.first_name',
  last_name: 'contact.last_name',
  lastname: 'contact.last_name',
  surname: 'contact.last_name',
  family_name: 'contact.last_name',
  job_title: 'contact.job_title',
  title: 'contact.job_title',
  position: 'contact.job_title',
  mobile: 'contact.mobile',
  mobile_phone: 'contact.mobile',
  mobile_number: 'contact.mobile',
  contact_phone: 'contact.phone',
  lawful_basis: 'contact.lawful_basis',
};

function kindOf(schema: OpenApiSchema | undefined): FieldKind {
  const resolved = resolveSchema(schema);
  const variants = [resolved, ...(resolved?.anyOf ?? []), ...(resolved?.oneOf ?? [])];
  const types = variants.flatMap((variant) =>
    variant?.type === undefined ? [] : Array.isArray(variant.type) ? variant.type : [variant.type],
  );
  if (types.includes('array')) return 'list';
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  return 'string';
}

function fieldsOf(schema: OpenApiSchema | undefined, prefix: string, skip: readonly string[] = []): Field[] {
  const fields: Field[] = [];
  for (const [name, property] of Object.entries(resolveSchema(schema)?.properties ?? {})) {
    if (skip.includes(name) || name === 'custom') continue;
    const resolved = resolveSchema(property);
    if (resolved?.properties) fields.push(...fieldsOf(resolved, `${prefix}${name}.`));
    else fields.push({ path: `${prefix}${name}`, kind: kindOf(property) });
  }
  return fields;
}

// Every field a column may map to (besides custom.<key> and contact.custom.<key>).
export function importFields(): Map<string, Field> {
  const company = requestSchema('/companies', 'post');
  const contact = requestSchema('/contacts', 'post');
  if (!company || !contact) throw new Error('the OpenAPI document has no POST /companies or POST /contacts body');
  const fields = [...fieldsOf(company, ''), ...fieldsOf(contact, 'contact.', ['company_id'])];
  return new Map(fields.map((field) => [field.path, field]));
}

const normalise = (label: string) =>
  label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '_')
    .replace(/^_+|_+$/g, '');

function fieldFor(path: string, fields: Map<string, Field>): Field | undefined {
  if (fields.has(path)) return fields.get(path);
  const custom = /^(contact\.)?custom\.([^.]+)$/.exec(path);
  return custom ? { path, kind: 'string' } : undefined;
}

export interface ColumnMapping {
  // By column position: the field it fills, or undefined when the column is ignored.
  columns: Array<Field | undefined>;
  ignored: string[];
}

// A --map file: JSON of `{"CSV column": "field" | null}` (null ignores the column).
export function readMapFile(file: string): Record<string, string | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`Cannot read the map file ${file}: ${(error as Error).message}`);
  }
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    Object.values(parsed).some((value) => value !== null && typeof value !== 'string')
  ) {
    throw new UsageError(
      `The map file ${file} must be a JSON object of "CSV column": "field" (or null to ignore the column), such as {"Organisation": "name", "Notes": null}.`,
    );
  }
  return parsed as Record<string, string | null>;
}

export function mapColumns(header: string[], map: Record<string, string | null> = {}): ColumnMapping {
  const fields = importFields();
  const ignored: string[] = [];
  const used = new Map<string, string>();
  for (const [column, target] of Object.entries(map)) {
    if (!header.includes(column))
      throw new UsageError(
        `The map names the column "${column}", which the CSV file does not have (its columns: ${header.join(', ')}).`,
      );
    if (target !== null && !fieldFor(target, fields))
      throw new UsageError(
        `The map sends "${column}" to "${target}", which is not an import field. Fields: ${[...fields.keys()].join(', ')}, custom.<key>, contact.custom.<key>.`,
      );
  }
  const columns = header.map((column) => {
    let field: Field | undefined;
    if (column in map) field = map[column] === null ? undefined : fieldFor(map[column], fields);
    else {
      const key = normalise(column);
      field = fieldFor(key, fields) ?? fieldFor(LABELS[key] ?? '', fields);
      if (!field) ignored.push(column);
    }
    if (field) {
      const earlier = used.get(field.path);
      if (earlier !== undefined)
        throw new UsageError(
          `The columns "${earlier}" and "${column}" both map to ${field.path}. Ignore one with a --map file: {"${column}": null}.`,
        );
      used.set(field.path, column);
    }
    return field;
  });
  if (!used.has('name'))
    throw new UsageError(
      `No column maps to the company name (required). Name one "name" or "Company name", or map it with --map: {"<your column>": "name"}. Columns: ${header.join(', ')}.`,
    );
  return { columns, ignored };
}

function convert(value: string, kind: FieldKind): unknown {
  switch (kind) {
    case 'integer':
    case 'number':
      // Anything else is sent as text, so the dry run reports it against its row and column.
      return /^-?\d+(\.\d+)?$/.test(value.replace(/,/g, '')) ? Number(value.replace(/,/g, '')) : value;
    case 'boolean':
      return /^(true|yes|y|1)$/i.test(value) ? true : /^(false|no|n|0)$/i.test(value) ? false : value;
    case 'list':
      return value
        .split(/[;,|]/)
        .map((item) => item.trim())
        .filter(Boolean);
    default:
      return value;
  }
}

// One CSV record as an import row: empty cells are left out, dotted fields nested.
export function toRow(record: string[], mapping: ColumnMapping): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  mapping.columns.forEach((field, index) => {
    const raw = record[index]?.trim() ?? '';
    if (!field || raw === '') return;
    const parts = field.path.split('.');
    let target = row;
    for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[parts[parts.length - 1]] = convert(raw, field.kind);
  });
  return row;
}
