import type { EventEnvelope } from '@crm/bus';

// The shape of one notification rule, and the few readers of an event's data that the rules of
// every source share. The tables of rules (tasks, marketing, webhooks, identity's own) build on
// this file; notification-rules.ts joins them.

export type EventData = Readonly<Record<string, unknown>>;

export interface NotificationSetting {
  workspaceName: string;
  // The gateway's public address, without a trailing slash.
  publicUrl: string;
}

export interface NotificationContent {
  title: string;
  body: string | null;
  link: string | null;
}

// An event about the workspace as a whole (an endpoint disabled, ...): addressed to its active
// admins, looked up when the notification is stored.
export const WORKSPACE_ADMINS = 'workspace_admins';

export interface NotificationRule {
  // Notification.kind.
  kind: string;
  // User ids the event is addressed to (none when it concerns nobody), or the workspace's admins.
  recipients(data: EventData): string[] | typeof WORKSPACE_ADMINS;
  content(data: EventData, event: EventEnvelope, setting: NotificationSetting): NotificationContent;
}

// A field's text without its surrounding spaces; null when it is missing or blank.
export const text = (data: EventData, field: string): string | null => {
  const value = data[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

export const only = (value: string | null): string[] => (value === null ? [] : [value]);
