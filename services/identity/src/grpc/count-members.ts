import type { Connection } from 'mongoose';
import { validationFailed } from '@crm/kit';
import type { identityV1 } from '@crm/protos';
import { memberModel } from '../members/member.model';

// Active members of a workspace now, from identity's own records: the seats billing shows and
// bills for (API keys are not seats, disabled members are not counted).
export async function countMembers(
  connection: Connection,
  request: identityV1.CountMembersRequest,
): Promise<identityV1.CountMembersResponse> {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  const active = await memberModel(connection)
    .countDocuments({ workspace_id: request.workspace_id, status: 'active' })
    .exec();
  return { active };
}
