import { bodyValidator } from '@crm/kit';
import { MEMBER_STATUSES, type MemberStatus } from './member.model';

export interface UpdateMemberBody {
  role_id?: string;
  status?: MemberStatus;
}

// PATCH /members/{id} (spec section 4): role_id and status; no other keys.
export const updateMemberSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    role_id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: [...MEMBER_STATUSES] },
  },
};

export const validateUpdateMember = bodyValidator<UpdateMemberBody>(updateMemberSchema);
