import type { EventEnvelope } from '@crm/bus';
import { invitationAccepted, memberUpdated } from '@crm/protos';
import { asData } from '../events/event-data';
import {
  notifies,
  only,
  text,
  WORKSPACE_ADMINS,
  type ContractRules,
  type EventData,
  type NotificationContent,
  type NotificationRule,
  type NotificationSetting,
} from './notification-rule';
import { MARKETING_NOTIFICATION_RULES } from './marketing-notification-rules';
import { TASK_NOTIFICATION_RULES } from './task-notification-rules';
import { WEBHOOK_NOTIFICATION_RULES } from './webhook-notification-rules';

// Which events are addressed to whom, and what they say: identity's own rules here, those about
// other services' events in their files; the consumer subscribes to exactly the types listed here.

export interface NotificationDraft extends NotificationContent {
  user_id: string;
  kind: string;
}

const roleChanged = (data: EventData) => {
  const role = text(data, 'role');
  return role !== null && role !== text(data, 'previous_role');
};

const IDENTITY_NOTIFICATION_RULES = [
  // data: invitation_id, email, role, user_id, member_id, invited_by
  notifies(invitationAccepted, {
    kind: 'invitation_accepted',
    recipients: (data) => only(text(data, 'invited_by')),
    content: (data, _event, setting) => {
      const role = text(data, 'role');
      return {
        title: `${text(data, 'email') ?? 'Someone'} accepted your invitation`,
        body: `They joined ${setting.workspaceName}${role === null ? '' : ` as ${role}`}.`,
        link: `${setting.publicUrl}/v1/members`,
      };
    },
  }),
  // data: member_id, user_id, name, email, role_id, role, previous_role, status, previous_status
  notifies(memberUpdated, {
    kind: 'role_changed',
    recipients: (data) => (roleChanged(data) ? only(text(data, 'user_id')) : []),
    content: (data, event, setting) => {
      const role = text(data, 'role') ?? '';
      const previous = text(data, 'previous_role');
      const change = previous === null ? `to ${role}` : `from ${previous} to ${role}`;
      const by = event.actor?.label ?? null;
      return {
        title: `Your role is now ${role}`,
        body:
          by === null
            ? `Your role in ${setting.workspaceName} was changed ${change}.`
            : `${by} changed your role in ${setting.workspaceName} ${change}.`,
        link: `${setting.publicUrl}/v1/me`,
      };
    },
  }),
];

const RULES_BY_TYPE: ReadonlyMap<string, readonly NotificationRule[]> = new Map(
  [
    ...TASK_NOTIFICATION_RULES,
    ...MARKETING_NOTIFICATION_RULES,
    ...WEBHOOK_NOTIFICATION_RULES,
    ...IDENTITY_NOTIFICATION_RULES,
  ].map(({ contract, rules }: ContractRules) => [contract.type, rules]),
);

const rulesOf = (event: EventEnvelope) => RULES_BY_TYPE.get(event.type) ?? [];

export const NOTIFICATION_PATTERNS: readonly string[] = [...RULES_BY_TYPE.keys()];

// Nobody is told about what they did themselves.
const actedThemselves = (event: EventEnvelope, userId: string) =>
  event.actor?.type === 'user' && event.actor.id === userId;

// Does a rule of the event address the workspace's admins (who are then looked up)?
export function addressesAdmins(event: EventEnvelope): boolean {
  const data = asData(event.data);
  return rulesOf(event).some((rule) => rule.recipients(data) === WORKSPACE_ADMINS);
}

function addressed(rule: NotificationRule, data: EventData, event: EventEnvelope, admins: readonly string[]): string[] {
  const recipients = rule.recipients(data);
  return [...new Set(recipients === WORKSPACE_ADMINS ? admins : recipients)].filter(
    (userId) => !actedThemselves(event, userId),
  );
}

// The people an event is addressed to; `admins`: the workspace's active admins, for the rules
// that address them.
export function recipientsOf(event: EventEnvelope, admins: readonly string[] = []): string[] {
  const data = asData(event.data);
  const rules = rulesOf(event);
  return [...new Set(rules.flatMap((rule) => addressed(rule, data, event, admins)))];
}

export function draftNotifications(
  event: EventEnvelope,
  setting: NotificationSetting,
  admins: readonly string[] = [],
): NotificationDraft[] {
  const data = asData(event.data);
  const drafts: NotificationDraft[] = [];
  for (const rule of rulesOf(event)) {
    const recipients = addressed(rule, data, event, admins);
    if (recipients.length === 0) continue;
    const content = rule.content(data, event, setting);
    for (const userId of recipients) drafts.push({ user_id: userId, kind: rule.kind, ...content });
  }
  return drafts;
}
