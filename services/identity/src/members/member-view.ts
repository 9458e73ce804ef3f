import type { UserRecord } from '../users/user.model';
import type { MemberRecord } from './member.model';

// Member in the API contract: the membership with the person's name, email and avatar and the
// role's name.
export interface MemberView {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  role: string;
  status: string;
}

export function memberView(member: MemberRecord, user: UserRecord | undefined, roleName: string): MemberView {
  return {
    id: member._id,
    name: user?.name ?? '',
    email: user?.email ?? '',
    avatar: user?.avatar ?? null,
    role: roleName,
    status: member.status,
  };
}
