import { implement, isoNow, workspaceOf, type Implementation, type InternalClaims } from '@crm/kit';
import type { Request } from 'express';
import type { ServiceContext } from '@crm/service-host';
import { notificationModel, type NotificationRecord } from './notification.model';
import { listNotifications, markNotificationsRead } from './notification.operations';
import { notificationView } from './notification-view';

// The caller's own notifications in the current workspace: a key reads those of the member
// who created it. Marking read is personal state, not a workspace change, so it is not audited.
export function notificationOperations(context: ServiceContext): Implementation[] {
  const notifications = () => notificationModel(context.connection);
  const ownerOf = (req: Request, auth: InternalClaims) => ({ workspace_id: workspaceOf(req), user_id: auth.user_id });
  const unreadCount = (owner: { workspace_id: string; user_id: string }) =>
    notifications()
      .countDocuments({ ...owner, read_at: null })
      .exec();

  return [
    implement(listNotifications, async ({ req, auth, query }) => {
      const owner = ownerOf(req, auth);
      const filter = query.unread === true ? { ...owner, read_at: null } : owner;
      const [page, unread] = await Promise.all([
        notifications()
          .find(filter)
          .sort({ created_at: -1, _id: -1 })
          .limit(query.limit)
          .lean<NotificationRecord[]>()
          .exec(),
        unreadCount(owner),
      ]);
      return { data: page.map(notificationView), unread };
    }),

    implement(markNotificationsRead, async ({ req, auth, body }) => {
      const owner = ownerOf(req, auth);
      // Ids of other people's or other workspaces' notifications match nothing here.
      const filter =
        body.ids === undefined ? { ...owner, read_at: null } : { ...owner, read_at: null, _id: { $in: body.ids } };
      await notifications()
        .updateMany(filter, { $set: { read_at: isoNow() } })
        .exec();
      return { unread: await unreadCount(owner) };
    }),
  ];
}
