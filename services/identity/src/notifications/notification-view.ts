import type { NotificationRecord } from './notification.model';
import type { NotificationView } from './notification.operations';

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
