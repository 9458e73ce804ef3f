import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { subscribeNotifications } from './notification-consumer';
import { notificationOperations } from './notification-routes';
import { registerNotificationModel } from './notification.model';

// Notifications for the events addressed to members.
export const notificationsModule: ServiceModule<IdentityRuntime> = {
  models: registerNotificationModel,
  operations: ({ context }) => notificationOperations(context),
  consumers: subscribeNotifications,
};
