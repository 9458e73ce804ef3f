import { v7 as uuidv7, validate, version } from 'uuid';

// Time-ordered ids keep index inserts append-mostly and make ids sortable by creation.
export function newId(): string {
  return uuidv7();
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && validate(value) && version(value) >= 1;
}

// ISO 8601 UTC with milliseconds and Z, the API's timestamp format.
export function isoNow(): string {
  return new Date().toISOString();
}
