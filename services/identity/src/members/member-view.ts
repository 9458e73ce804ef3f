import type { UserRecord } from '../users/user.model';
import type { MemberRecord } from './member.model';
import type { MemberView } from './member.operations';

// A member is shown by the person's id (`user_id`), the one id every person field of the API takes
// (owner_id, assignee_id, user_ids, ...) and GET /me shows; the membership record's own id stays
// inside identity.
export function memberView(member: MemberRecord, user: UserRecord | undefined, roleName: string): MemberView {
  return {
    id: member.user_id,
    name: user?.name ?? '',
    email: user?.email ?? '',
    avatar: user?.avatar ?? null,
    role: roleName,
    status: member.status,
  };
}
