import type { WorkspaceData } from '../read-model/workspace-data';
import type { Reference } from './field-catalogue';
import type { Grouping } from './report-definition';
import { bucketOf, type DateUnit } from './time-zone';

// How a row's keys read: the name of what an id points at, a date bucket's label, Yes or No.

export function nameOf(data: WorkspaceData, references: Reference, id: string): string | null {
  if (references === 'member') return data.memberNames.get(id) ?? null;
  const kind = references === 'source' ? 'source' : references;
  const record = data.byId[kind].get(id);
  if (!record) return null;
  if (references === 'contact')
    return [record.first_name, record.last_name].filter((part) => typeof part === 'string').join(' ') || null;
  return (record.name as string | null) ?? null;
}

// The first day of the bucket a key names (`2024-03`, `2024-Q1`, `2024`; days and weeks are
// keyed by their first day already).
function firstDayOf(key: string, unit: DateUnit): string {
  switch (unit) {
    case 'day':
    case 'week':
      return key;
    case 'month':
      return `${key}-01`;
    case 'quarter': {
      const firstMonth = (Number(key.slice(6)) - 1) * 3 + 1;
      return `${key.slice(0, 4)}-${String(firstMonth).padStart(2, '0')}-01`;
    }
    case 'year':
      return `${key}-01-01`;
  }
}

// `names` keeps the names already looked up during one run.
export function labelOf(
  data: WorkspaceData,
  grouping: Grouping,
  key: string | null,
  names: Map<string, string | null>,
): string {
  if (key === null) return 'Not set';
  if (grouping.unit) return bucketOf(firstDayOf(key, grouping.unit), grouping.unit).label;
  const group = grouping.group!;
  if (group.type === 'boolean') return key === 'true' ? 'Yes' : 'No';
  if (group.references) {
    const cacheKey = `${group.references}:${key}`;
    if (!names.has(cacheKey)) names.set(cacheKey, nameOf(data, group.references, key));
    return names.get(cacheKey) ?? key;
  }
  return key;
}
