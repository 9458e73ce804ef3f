import type { ClientSession } from 'mongoose';
import { consumeIdempotently, type EventEnvelope, type EventHandler } from '@crm/bus';
import { newId } from '@crm/kit';
import { singleLine } from '@crm/mail';
import type { IdentityRuntime } from '../identity-runtime';
import { activeAdminIds, findActiveMember } from '../members/memberships';
import { userModel, type UserRecord } from '../users/user.model';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';
import { notificationModel, type NotificationMailState, type NotificationRecord } from './notification.model';
import { addressesAdmins, draftNotifications, NOTIFICATION_PATTERNS, recipientsOf } from './notification-rules';

export const NOTIFICATIONS_CONSUMER = 'identity.notifications';

interface OutgoingMail {
  notification: NotificationRecord;
  to: string;
}

// Events addressed to members become notifications, stored with the processed-event record in
// one transaction; mail goes out only after that commit, so a failed or slow mail never loses
// the notification, and a redelivered event makes neither a second notification nor a second mail.
export function notificationHandler(runtime: IdentityRuntime): EventHandler {
  const { connection } = runtime.context;
  return async (event) => {
    if (event.workspace_id === null || (recipientsOf(event).length === 0 && !addressesAdmins(event))) return;
    let outgoing: OutgoingMail[] = [];
    const store = consumeIdempotently(connection, NOTIFICATIONS_CONSUMER, async (delivered, session) => {
      // A retried transaction runs this again: only the committed run's mail is sent.
      outgoing = await storeNotifications(runtime, delivered, session);
    });
    await store(event);
    for (const mail of outgoing) await sendMail(runtime, mail);
  };
}

export async function subscribeNotifications(runtime: IdentityRuntime): Promise<void> {
  await runtime.context.bus.subscribe(NOTIFICATIONS_CONSUMER, NOTIFICATION_PATTERNS, notificationHandler(runtime));
}

async function storeNotifications(
  runtime: IdentityRuntime,
  event: EventEnvelope,
  session: ClientSession,
): Promise<OutgoingMail[]> {
  const { connection } = runtime.context;
  const workspaceId = event.workspace_id;
  if (workspaceId === null) return [];
  const workspace = await workspaceModel(connection)
    .findById(workspaceId)
    .session(session)
    .lean<WorkspaceRecord>()
    .exec();
  if (!workspace) return [];
  const admins = addressesAdmins(event) ? await activeAdminIds(connection, workspaceId, session) : [];
  const drafts = draftNotifications(
    event,
    { workspaceName: workspace.name, publicUrl: runtime.config.publicUrl },
    admins,
  );
  const outgoing: OutgoingMail[] = [];
  for (const draft of drafts) {
    // Only people still in the workspace are told; a departed inviter gets nothing.
    const member = await findActiveMember(connection, workspaceId, draft.user_id, session);
    const user = member
      ? await userModel(connection).findById(draft.user_id).session(session).lean<UserRecord>().exec()
      : null;
    if (!user) continue;
    const notification: NotificationRecord = {
      _id: newId(),
      workspace_id: workspaceId,
      user_id: user._id,
      kind: draft.kind,
      title: draft.title,
      body: draft.body,
      link: draft.link,
      created_at: new Date().toISOString(),
      read_at: null,
      event_id: event.id,
      mail: user.email_notifications ? 'pending' : 'none',
    };
    await notificationModel(connection).create([notification], { session });
    if (notification.mail === 'pending') outgoing.push({ notification, to: user.email });
  }
  return outgoing;
}

function mailText(notification: NotificationRecord): string {
  return [
    singleLine(notification.title),
    notification.body === null ? null : singleLine(notification.body),
    notification.link,
    'You receive these emails because email notifications are on for your account; ' +
      'turn them off with PATCH /v1/me {"email_notifications": false}.',
  ]
    .filter((part): part is string => part !== null)
    .join('\n\n');
}

// Best effort: the notification is already stored, so a failure is logged and recorded, not retried.
async function sendMail(runtime: IdentityRuntime, { notification, to }: OutgoingMail): Promise<void> {
  const { connection, logger } = runtime.context;
  let state: NotificationMailState = 'sent';
  try {
    await runtime.mailer.send({ to, subject: notification.title, text: mailText(notification) });
  } catch (error) {
    state = 'failed';
    logger.warn(
      { err: error, notification_id: notification._id, kind: notification.kind },
      'could not mail a notification',
    );
  }
  try {
    await notificationModel(connection).updateOne(
      { _id: notification._id, workspace_id: notification.workspace_id },
      { $set: { mail: state } },
    );
  } catch (error) {
    logger.warn({ err: error, notification_id: notification._id }, 'could not record the mail state of a notification');
  }
}
