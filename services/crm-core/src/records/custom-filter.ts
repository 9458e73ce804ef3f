import { validationFailed } from '@crm/kit';
import { CUSTOM_KEY_MAX_LENGTH } from './custom-fields/custom-values';

// The lists' `custom` query parameter: a JSON object as a string whose values are scalars or null,
// matched on equality of each key (null matches a missing key as well as a stored null).

export const CUSTOM_FILTER_MAX_LENGTH = 2000;
const SHAPE = 'must be a JSON object of string, number, boolean or null values';

type Parsed = { filter: Record<string, unknown> } | { problem: string };

function parse(raw: string): Parsed {
  if (raw.length > CUSTOM_FILTER_MAX_LENGTH)
    return { problem: `must NOT have more than ${CUSTOM_FILTER_MAX_LENGTH} characters` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { problem: SHAPE };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: SHAPE };
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (key.length === 0 || key.length > CUSTOM_KEY_MAX_LENGTH || key.startsWith('$') || key.includes('.')) {
      return {
        problem: `key '${key.slice(0, CUSTOM_KEY_MAX_LENGTH)}' must be 1 to ${CUSTOM_KEY_MAX_LENGTH} characters without '.' or a leading '$'`,
      };
    }
    if (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      return {
        problem: `value of '${key.slice(0, CUSTOM_KEY_MAX_LENGTH)}' must be a string, a number, a boolean or null`,
      };
    }
    filter[`custom.${key}`] = value;
  }
  return { filter };
}

// The problem with a `custom` filter as text following the parameter's name ("must be ..."), or
// null; saved views check their stored filters with the same rule the lists apply.
export function customFilterProblem(raw: string): string | null {
  const result = parse(raw);
  return 'problem' in result ? result.problem : null;
}

// The mongo filter for a list's `custom` parameter ({} when absent); a malformed one is a 400
// naming `custom`.
export function parseCustomFilter(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined) return {};
  const result = parse(raw);
  if ('problem' in result) {
    throw validationFailed(`custom ${result.problem}`);
  }
  return result.filter;
}
