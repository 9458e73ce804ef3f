import type { EventData } from '@crm/protos';
import { asData, text } from '../../events/event-data';

// Small helpers for the audit sentences of the readings.

export { asData, text };

export const capitalize = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1);

const ACRONYMS: Readonly<Record<string, string>> = { api: 'API', url: 'URL', id: 'ID', csv: 'CSV' };

// `api_key` -> `API key`, `stage_changed` -> `stage changed`.
export const words = (name: string) =>
  name
    .split('_')
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');

export const quoted = (name: string | null) => (name === null ? '' : ` "${name}"`);

export const stringsIn = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

// `Created API key "{name}"`: each `{field}` becomes the payload's value (empty when absent).
export function fillTemplate(template: string, data: EventData): string {
  return template.replace(/\{([a-z0-9_]+)\}/g, (_match, field: string) => {
    const value = data[field];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  });
}

// `Created API key "Nightly sync"`; a verb of several words reads after the object:
// `Deal "Big order" stage changed`.
export function genericSummary(action: string, objectType: string, objectName: string | null): string {
  if (!action.includes('_')) return `${capitalize(words(action))} ${words(objectType)}${quoted(objectName)}`;
  return `${capitalize(words(objectType))}${quoted(objectName)} ${words(action)}`;
}
