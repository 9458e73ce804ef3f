import type { Request, Router } from 'express';
import { authOf, isoNow, workspaceOf } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { notificationModel, type NotificationRecord } from './notification.model';
import { validateMarkRead, validateNotificationListQuery } from './notification.schemas';
import { notificationView } from './notification-view';

// The caller's own notifications in the current workspace: a key reads those of the member
// who created it. Marking read is personal state, not a workspace change, so it is not audited.
export function notificationRoutes(router: Router, context: ServiceContext): void {
  const notifications = () => notificationModel(context.connection);
  const ownerOf = (req: Request) => ({ workspace_id: workspaceOf(req), user_id: authOf(req).user_id });
  const unreadCount = (owner: { workspace_id: string; user_id: string }) =>
    notifications().countDocuments({ ...owner, read_at: null }).exec();

  router.get('/notifications', async (req, res) => {
    const owner = ownerOf(req);
    const query = validateNotificationListQuery(req.query);
    const filter = query.unread === true ? { ...owner, read_at: null } : owner;
    const [page, unread] = await Promise.all([
      notifications().find(filter).sort({ created_at: -1, _id: -1 }).limit(query.limit).lean<NotificationRecord[]>().exec(),
      unreadCount(owner),
    ]);
    res.json({ data: page.map(notificationView), unread });
  });

  router.post('/notifications/read', async (req, res) => {
    const owner = ownerOf(req);
    // No body at all reads as `{}`: mark everything.
    const body = validateMarkRead(req.body ?? {});
    // Ids of other people's or other workspaces' notifications match nothing here.
    const filter = body.ids === undefined ? { ...owner, read_at: null } : { ...owner, read_at: null, _id: { $in: body.ids } };
    await notifications().updateMany(filter, { $set: { read_at: isoNow() } }).exec();
    res.json({ unread: await unreadCount(owner) });
  });
}
