import type { Connection } from 'mongoose';
import { writeInBatches } from '@crm/kit';
import { ERASED_MENTION, type Mentions } from '../shared/mentions';
import { notificationModel, type NotificationRecord } from './notification.model';

// A person's erasure in the members' notifications: a notification naming them (a task assigned
// whose title names them) keeps its place with the mention replaced. Mail already sent is the
// recipient's, out of reach (docs/privacy.md). Answers how many notifications changed.
export async function forgetNotificationMentions(
  connection: Connection,
  workspaceId: string,
  mentions: Mentions | null,
): Promise<number> {
  if (mentions === null) return 0;
  const notifications = notificationModel(connection);
  const naming = await notifications
    .find({ workspace_id: workspaceId, $or: [{ title: mentions.query }, { body: mentions.query }] })
    .lean<NotificationRecord[]>()
    .exec();
  await writeInBatches(
    naming.map((notification) => ({
      updateOne: {
        filter: { _id: notification._id, workspace_id: workspaceId },
        update: {
          $set: {
            title: notification.title.replace(mentions.pattern, ERASED_MENTION),
            body: notification.body?.replace(mentions.pattern, ERASED_MENTION) ?? null,
          },
        },
      },
    })),
    (batch) => notifications.bulkWrite(batch, { ordered: false }),
  );
  return naming.length;
}
