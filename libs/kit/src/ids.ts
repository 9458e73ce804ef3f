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

// ISO 8601 UTC with six fractional digits (an event's occurred_at) from microseconds since the
// epoch, e.g. 2026-11-27T15:18:23.123456Z.
export function isoMicroseconds(microseconds: number): string {
  const milliseconds = Math.floor(microseconds / 1000);
  const iso = new Date(milliseconds).toISOString();
  return `${iso.slice(0, -1)}${String(microseconds - milliseconds * 1000).padStart(3, '0')}Z`;
}

// A finer ISO 8601 instant (an event's occurred_at has microseconds) in the API's format.
export function isoMilliseconds(instant: string): string {
  return new Date(Date.parse(instant)).toISOString();
}
