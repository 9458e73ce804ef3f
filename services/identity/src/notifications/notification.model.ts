import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// Whether the notification was also mailed: `none` when the person opted out of mail
// (email_notifications false); `pending` until the mail adapter answered.
export const NOTIFICATION_MAIL_STATES = ['none', 'pending', 'sent', 'failed'] as const;
export type NotificationMailState = (typeof NOTIFICATION_MAIL_STATES)[number];

// An in-app notification for one member of one workspace, made from an event addressed to them.
const notificationFields = {
  _id: field.string({ required: true }),
  user_id: field.string({ required: true }),
  kind: field.string({ required: true }),
  title: field.string({ required: true }),
  body: field.string({ default: null }),
  link: field.string({ default: null }),
  created_at: field.string({ required: true }),
  read_at: field.string({ default: null }),
  // The event it was made from: one notification per event, person and kind.
  event_id: field.string({ required: true }),
  mail: field.string({ enum: NOTIFICATION_MAIL_STATES, required: true }),
};

export type NotificationRecord = ScopedRecordOf<typeof notificationFields>;

export const NOTIFICATION_MODEL = 'Notification';

const notificationSchema = new Schema<NotificationRecord>(schemaOf(notificationFields), {
  collection: 'notifications',
  versionKey: false,
});
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
