import { call } from '@crm/kit';
import { identityV1 } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';

// The workspace's plan for work without a REST caller (a web form's submission): asked of
// identity, which owns it, at the time, so it is what the workspace's next request carries.
export async function workspacePlan(context: ServiceContext, workspaceId: string): Promise<string> {
  const client = peerClient(context, 'identity', identityV1.IdentityServiceClient);
  return (await call(client.getWorkspace.bind(client), { workspace_id: workspaceId })).plan;
}
