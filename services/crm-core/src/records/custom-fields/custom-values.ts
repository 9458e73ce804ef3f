import { MaxJsonBytes, TEXT_FORMAT, Type, validationFailed } from '@crm/kit';
import type { ClientSession, Connection } from 'mongoose';
import { customFieldModel, type CustomFieldRecord } from './custom-field.model';
import type { CustomFieldObject } from './custom-field.operations';

// `custom` on companies, contacts and deals: free keys, each a scalar or null. A key that is a
// defined, non-archived field of the object is checked against the field's type.

export type CustomValue = string | number | boolean | null;
export type CustomValues = Record<string, CustomValue>;
export type CustomFieldDefinition = Pick<CustomFieldRecord, 'key' | 'type' | 'options'>;

export const CUSTOM_MAX_KEYS = 50;
export const CUSTOM_MAX_BYTES = 16 * 1024;
export const CUSTOM_TEXT_MAX_LENGTH = 2000;
export const CUSTOM_KEY_MAX_LENGTH = 100;
// Large enough for any amount or count a record holds, small enough to sum in reports exactly.
export const CUSTOM_NUMBER_MAX = 1e15;
const CUSTOM_KEY_PATTERN = '^[^.$][^.]*$';

// The `custom` of a request body, with every limit the rules below enforce on it, so the OpenAPI
// document states them and the request validator refuses what breaks them before any rule runs.
export function CustomValuesSchema(description: string) {
  const value = Type.Unsafe<CustomValue>({
    type: ['string', 'number', 'boolean', 'null'],
    maxLength: CUSTOM_TEXT_MAX_LENGTH,
    format: TEXT_FORMAT,
    minimum: -CUSTOM_NUMBER_MAX,
    maximum: CUSTOM_NUMBER_MAX,
  });
  return MaxJsonBytes(
    CUSTOM_MAX_BYTES,
    Type.Record(Type.String(), value, {
      description: `${description} At most ${CUSTOM_MAX_KEYS} keys and ${CUSTOM_MAX_BYTES / 1024} KiB as JSON; a key is 1 to ${CUSTOM_KEY_MAX_LENGTH} characters without '.' or a leading '$'; text up to ${CUSTOM_TEXT_MAX_LENGTH} characters, numbers within ±${CUSTOM_NUMBER_MAX}.`,
      maxProperties: CUSTOM_MAX_KEYS,
      propertyNames: { minLength: 1, maxLength: CUSTOM_KEY_MAX_LENGTH, pattern: CUSTOM_KEY_PATTERN },
    }),
  );
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// The problem with one value against its field, or null.
function typeProblem(field: CustomFieldDefinition, value: CustomValue): string | null {
  if (value === null) return null;
  switch (field.type) {
    case 'number':
      return typeof value === 'number' ? null : 'must be a number';
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? null : 'must be a date (YYYY-MM-DD)';
    case 'select':
      return typeof value === 'string' && field.options.includes(value)
        ? null
        : `must be one of ${field.options.join(', ')}`;
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'url':
      return typeof value === 'string' && isWebUrl(value) ? null : 'must be an http or https URL';
    default:
      return typeof value === 'string' ? null : 'must be text';
  }
}

// Checks a `custom` object against the object's fields and answers it as typed values; throws a
// 400 naming `custom` or `custom.<key>`.
export function validateCustomValues(input: unknown, fields: readonly CustomFieldDefinition[]): CustomValues {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw validationFailed('custom must be an object');
  const entries: Array<[string, unknown]> = Object.entries(input);
  if (entries.length > CUSTOM_MAX_KEYS)
    throw validationFailed(`custom must NOT have more than ${CUSTOM_MAX_KEYS} keys`);
  if (Buffer.byteLength(JSON.stringify(input)) > CUSTOM_MAX_BYTES) {
    throw validationFailed(`custom must NOT be larger than ${CUSTOM_MAX_BYTES} bytes`);
  }
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const values: CustomValues = {};
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > CUSTOM_KEY_MAX_LENGTH || key.startsWith('$') || key.includes('.')) {
      throw validationFailed(
        `custom key '${key.slice(0, CUSTOM_KEY_MAX_LENGTH)}' must be 1 to ${CUSTOM_KEY_MAX_LENGTH} characters without '.' or a leading '$'`,
      );
    }
    if (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw validationFailed(`custom.${key} must be a string, a number, a boolean or null`);
    }
    if (typeof value === 'number' && !(Math.abs(value) <= CUSTOM_NUMBER_MAX))
      throw validationFailed(`custom.${key} must be a number within ±${CUSTOM_NUMBER_MAX}`);
    if (typeof value === 'string' && value.length > CUSTOM_TEXT_MAX_LENGTH) {
      throw validationFailed(`custom.${key} must NOT have more than ${CUSTOM_TEXT_MAX_LENGTH} characters`);
    }
    const field = byKey.get(key);
    const problem = field ? typeProblem(field, value) : null;
    if (problem) throw validationFailed(`custom.${key} ${problem}`);
    values[key] = value;
  }
  return values;
}

// `custom` of a write merged into what is stored, as create and PATCH merge it: checked against
// the fields, merged key by key (null removes a key), and the result checked again.
export function mergedCustomValues(
  input: unknown,
  stored: Record<string, unknown>,
  fields: readonly CustomFieldDefinition[],
): CustomValues {
  const given = validateCustomValues(input, fields);
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(given)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return validateCustomValues(merged, fields);
}

// The fields `custom` is checked against: the object's non-archived fields in the workspace.
export async function activeCustomFields(
  connection: Connection,
  workspaceId: string,
  object: CustomFieldObject,
  session?: ClientSession,
): Promise<CustomFieldDefinition[]> {
  return customFieldModel(connection)
    .find({ workspace_id: workspaceId, object, archived: false }, { key: 1, type: 1, options: 1 })
    .session(session ?? null)
    .lean<CustomFieldDefinition[]>()
    .exec();
}
