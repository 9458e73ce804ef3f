import type { UserRecord } from '../users/user.model';
import type { MemberRecord } from './member.model';
import type { MemberView } from './member.operations';

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
