import type { UserView } from '../me/me.operations';
import { isEmailVerified } from './email-verified';
import type { UserRecord } from './user.model';

export function userView(user: UserRecord): UserView {
  return {
    id: user._id,
    name: user.name,
    email: user.email,
    avatar: user.avatar ?? null,
    email_notifications: user.email_notifications,
    email_verified: isEmailVerified(user),
  };
}
