import { asEventData, type EventData } from '@crm/protos';

// Readers of an event's payload shared by the audit log's readings and the notification rules.

// The payload as an object; {} when it is not one.
export const asData = asEventData;

// A field's text without its surrounding spaces; null when it is missing or blank.
export const text = (data: EventData, field: string): string | null => {
  const value = data[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};
