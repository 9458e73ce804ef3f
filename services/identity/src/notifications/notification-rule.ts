import type { EventEnvelope } from '@crm/bus';
import type { EventContract, EventData, PayloadOf } from '@crm/protos';
import { text } from '../events/event-data';

// The shape of one notification rule, and the few readers of an event's data that the rules of
// every source share. The tables of rules (tasks, marketing, webhooks, identity's own) build on
// this file; notification-rules.ts joins them.

export { text, type EventData };

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

// The rule's functions are methods, so a rule typed by its contract's payload joins the table of
// every rule: it is only ever given the events of its own contract.
export interface NotificationRule<Data = EventData> {
  // Notification.kind.
  kind: string;
  // User ids the event is addressed to (none when it concerns nobody), or the workspace's admins.
  recipients(data: Data): string[] | typeof WORKSPACE_ADMINS;
  content(data: Data, event: EventEnvelope, setting: NotificationSetting): NotificationContent;
}

export interface ContractRules {
  contract: EventContract;
  rules: readonly NotificationRule[];
}

// The rules of one event contract, typed by its payload.
export function notifies<Contract extends EventContract>(
  contract: Contract,
  ...rules: NotificationRule<PayloadOf<Contract>>[]
): ContractRules {
  return { contract, rules };
}

export const only = (value: string | null): string[] => (value === null ? [] : [value]);
