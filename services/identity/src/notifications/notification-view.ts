import type { NotificationRecord } from './notification.model';

// Notification in the API contract.
export interface NotificationView {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  created_at: string;
  read_at: string | null;
}

export function notificationView(notification: NotificationRecord): NotificationView {
  return {
    id: notification._id,
    kind: notification.kind,
    title: notification.title,
    body: notification.body ?? null,
    link: notification.link ?? null,
    created_at: notification.created_at,
    read_at: notification.read_at ?? null,
  };
}
