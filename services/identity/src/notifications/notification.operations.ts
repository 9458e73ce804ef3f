import { DateTime, declareOperation, ListOf, Named, Nullable, Strict, Type, Uuid, type Static } from '@crm/kit';
import { anyone } from '@crm/protos';

export const NOTIFICATIONS_DEFAULT_LIMIT = 30;
export const NOTIFICATIONS_MAX_LIMIT = 100;
export const MAX_IDS_PER_READ = 500;

// Notification (spec section 2).
export const Notification = Named(
  'Notification',
  Strict({
    id: Uuid(),
    kind: Type.String(),
    title: Type.String(),
    body: Nullable(Type.String()),
    link: Nullable(Type.String()),
    created_at: DateTime(),
    read_at: Nullable(DateTime()),
  }),
);
export type NotificationView = Static<typeof Notification>;

const UnreadCount = Type.Integer({ minimum: 0, description: 'The caller’s unread notifications in this workspace.' });

export const listNotifications = declareOperation({
  method: 'GET',
  path: '/notifications',
  access: anyone,
  summary: 'Your notifications in this workspace, newest first',
  description: 'An API key reads those of the member who created it.',
  query: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: NOTIFICATIONS_MAX_LIMIT, default: NOTIFICATIONS_DEFAULT_LIMIT }),
    unread: Type.Optional(Type.Boolean({ description: 'true: only unread ones.' })),
  }),
  status: 200,
  response: Named('NotificationList', ListOf(Notification, { unread: UnreadCount })),
});

export const markNotificationsRead = declareOperation({
  method: 'POST',
  path: '/notifications/read',
  access: anyone,
  summary: 'Mark your notifications read',
  description:
    'The given ids, or all of them when `ids` is omitted (or no body is sent). Ids of other people’s notifications match nothing.',
  body: Named('NotificationsRead', Strict({ ids: Type.Optional(Type.Array(Uuid(), { maxItems: MAX_IDS_PER_READ })) })),
  bodyRequired: false,
  status: 200,
  response: Named('UnreadNotifications', Strict({ unread: UnreadCount })),
});
