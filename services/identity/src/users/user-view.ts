import type { UserRecord } from './user.model';

// Me.user in the API contract.
export interface UserView {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  email_notifications: boolean;
}

export function userView(user: UserRecord): UserView {
  return {
    id: user._id,
    name: user.name,
    email: user.email,
    avatar: user.avatar ?? null,
    email_notifications: user.email_notifications,
  };
}
