import { bodyValidator, queryValidator } from '@crm/kit';

export const NOTIFICATIONS_DEFAULT_LIMIT = 30;
export const NOTIFICATIONS_MAX_LIMIT = 100;
export const MAX_IDS_PER_READ = 500;

export interface NotificationListQuery {
  limit: number;
  unread?: boolean;
}

export interface MarkReadBody {
  ids?: string[];
}

// GET /notifications (spec section 4).
export const notificationListQuerySchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: NOTIFICATIONS_MAX_LIMIT, default: NOTIFICATIONS_DEFAULT_LIMIT },
    unread: { type: 'boolean' },
  },
};

// POST /notifications/read: ids omitted marks all of the caller's; no other keys.
export const markReadSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ids: { type: 'array', maxItems: MAX_IDS_PER_READ, items: { type: 'string', format: 'uuid' } },
  },
};

export const validateNotificationListQuery = queryValidator<NotificationListQuery>(notificationListQuerySchema);
export const validateMarkRead = bodyValidator<MarkReadBody>(markReadSchema);
