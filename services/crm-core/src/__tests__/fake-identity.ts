import type { sendUnaryData, ServerUnaryCall } from '@grpc/grpc-js';
import { identityV1 } from '@crm/protos';
import {
  startFakePeer,
  startServiceForTest,
  type FakePeer,
  type HarnessOptions,
  type ServiceHarness,
} from '@crm/testing';
import type { CrmCoreRuntime } from '../crm-core-runtime';
import { crmCoreService } from '../crm-core-service';

// Identity's side of its gRPC contract for crm-core's service tests, answering GetWorkspace as
// the test says and GetMembers with every person asked about as an active member: crm-core runs
// in process with its peer `identity` pointed at `address`.
export interface FakeIdentity {
  address: string;
  // Workspaces asked for with GetWorkspace, in order.
  asked: string[];
  stop(): Promise<void>;
}

export type WorkspaceAnswer = (workspaceId: string) => identityV1.GetWorkspaceResponse;

export async function startFakeIdentity(workspace: WorkspaceAnswer): Promise<FakeIdentity> {
  const asked: string[] = [];
  const implementation = {
    getWorkspace: (
      call: ServerUnaryCall<identityV1.GetWorkspaceRequest, identityV1.GetWorkspaceResponse>,
      callback: sendUnaryData<identityV1.GetWorkspaceResponse>,
    ) => {
      asked.push(call.request.workspace_id);
      callback(null, workspace(call.request.workspace_id));
    },
    getMembers: (
      call: ServerUnaryCall<identityV1.GetMembersRequest, identityV1.GetMembersResponse>,
      callback: sendUnaryData<identityV1.GetMembersResponse>,
    ) => {
      const members = call.request.user_ids.map((userId) => ({
        user_id: userId,
        name: 'Member Person',
        status: 'active',
        // One membership per person and workspace.
        member_id: `${call.request.workspace_id}:${userId}`,
        member_version: 1,
        user_version: 1,
      }));
      callback(null, { members });
    },
  };
  const peer = await startFakePeer([{ definition: identityV1.IdentityServiceService, implementation }]);
  return { ...peer, asked };
}

// Identity's answer for a workspace with these settings (the rest as a new workspace has them).
export function workspaceWith(
  workspaceId: string,
  settings: Partial<identityV1.WorkspaceSettings>,
  version = 1,
): identityV1.GetWorkspaceResponse {
  return {
    workspace_id: workspaceId,
    settings: { currency: 'GBP', date_format: 'DD/MM/YYYY', timezone: 'Europe/London', page_size: 25, ...settings },
    version,
    plan: 'standard',
    billing_set_up: false,
    name: 'Acme Ltd',
    slug: 'acme-ltd',
  };
}

export interface CrmCoreWithFakeIdentity {
  crm: ServiceHarness<CrmCoreRuntime>;
  identity: FakeIdentity;
  stop(): Promise<void>;
}

// crm-core in process with the peers it calls by these names answered by a fake of their gRPC
// side, which stops with it.
export async function startCrmCoreBeside(
  fake: FakePeer,
  peerNames: readonly string[],
  options: HarnessOptions = {},
): Promise<{ crm: ServiceHarness<CrmCoreRuntime>; stop(): Promise<void> }> {
  const crm = await startServiceForTest(crmCoreService, {
    ...options,
    peers: Object.fromEntries(peerNames.map((name) => [name, fake.address])),
  });
  return {
    crm,
    async stop() {
      await crm.stop();
      await fake.stop();
    },
  };
}

// crm-core in process with its peer identity answered by the fake (a workspace as new ones are,
// unless the test says otherwise).
export async function startCrmCoreWithFakeIdentity(
  workspace: WorkspaceAnswer = (workspaceId) => workspaceWith(workspaceId, {}),
): Promise<CrmCoreWithFakeIdentity> {
  const identity = await startFakeIdentity(workspace);
  return { ...(await startCrmCoreBeside(identity, ['identity'])), identity };
}
