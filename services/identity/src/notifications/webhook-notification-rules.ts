import { webhookDisabled } from '@crm/protos';
import { notifies, text, WORKSPACE_ADMINS } from './notification-rule';

// Notifications about the webhooks service's endpoints (protos/events/webhooks-events.ts): the
// workspace's admins hear when an endpoint is disabled after failing for its whole retry window.

export const WEBHOOK_NOTIFICATION_RULES = [
  // data: the endpoint's public state (webhook_id, url, description, event_types, enabled, disabled_reason)
  notifies(webhookDisabled, {
    kind: 'webhook_disabled',
    recipients: () => WORKSPACE_ADMINS,
    content: (data, _event, setting) => {
      const url = text(data, 'url') ?? 'a webhook endpoint';
      const id = text(data, 'webhook_id');
      return {
        title: `Webhook endpoint disabled: ${url}`,
        body:
          `Every delivery to ${url} failed for the whole retry window, so ${setting.workspaceName} stopped sending to it. ` +
          'Look at its deliveries, fix the endpoint, then enable it again (PATCH /v1/webhooks/{id} {"enabled": true}).',
        link: id === null ? `${setting.publicUrl}/v1/webhooks` : `${setting.publicUrl}/v1/webhooks/${id}/deliveries`,
      };
    },
  }),
];
