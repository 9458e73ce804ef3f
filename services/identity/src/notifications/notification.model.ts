import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// Whether the notification was also mailed: `none` when the person opted out of mail
// (email_notifications false); `pending` until the mail adapter answered.
export const NOTIFICATION_MAIL_STATES = ['none', 'pending', 'sent', 'failed'] as const;
export type NotificationMailState = (typeof NOTIFICATION_MAIL_STATES)[number];

// An in-app notification for one member of one workspace, made from an event addressed to them.
export interface NotificationRecord {
  _id: string;
  workspace_id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  created_at: string;
  read_at: string | null;
  // The event it was made from: one notification per event, person and kind.
  event_id: string;
  mail: NotificationMailState;
}

export const NOTIFICATION_MODEL = 'Notification';

const notificationSchema = new Schema<NotificationRecord>(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    kind: { type: String, required: true },
    title: { type: String, required: true },
    body: { type: String, default: null },
    link: { type: String, default: null },
    created_at: { type: String, required: true },
    read_at: { type: String, default: null },
    event_id: { type: String, required: true },
    mail: { type: String, enum: NOTIFICATION_MAIL_STATES, required: true },
  },
  { collection: 'notifications', versionKey: false },
);
notificationSchema.plugin(tenantScoped);
notificationSchema.index({ workspace_id: 1, user_id: 1, created_at: -1, _id: -1 });
notificationSchema.index({ workspace_id: 1, user_id: 1, read_at: 1 });
notificationSchema.index({ workspace_id: 1, event_id: 1, user_id: 1, kind: 1 }, { unique: true });

export function registerNotificationModel(connection: Connection): void {
  connection.model(NOTIFICATION_MODEL, notificationSchema);
}

export function notificationModel(connection: Connection): Model<NotificationRecord> {
  return connection.model<NotificationRecord>(NOTIFICATION_MODEL);
}
