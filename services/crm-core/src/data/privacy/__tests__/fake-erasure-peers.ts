import type { sendUnaryData, ServerUnaryCall } from '@grpc/grpc-js';
import { documentsV1, identityV1 } from '@crm/protos';
import { startFakePeer, type HarnessOptions, type ServiceHarness } from '@crm/testing';
import { startCrmCoreBeside } from '../../../__tests__/fake-identity';
import type { CrmCoreRuntime } from '../../../crm-core-runtime';

// The peers' side of the gRPC calls an erasure makes, for crm-core's service tests: documents
// deletes no files (the person has none) and identity has no mentions to forget. Each call is
// noted, so a test sees the erasure asked.
export interface ErasurePeers {
  address: string;
  // `DeleteFilesOf <target_id>` and `ForgetMentions <object_id>`, in order.
  asked: string[];
  stop(): Promise<void>;
}

export async function startErasurePeers(): Promise<ErasurePeers> {
  const asked: string[] = [];
  const documents = {
    deleteFilesOf: (
      call: ServerUnaryCall<documentsV1.DeleteFilesOfRequest, documentsV1.DeleteFilesOfResponse>,
      callback: sendUnaryData<documentsV1.DeleteFilesOfResponse>,
    ) => {
      asked.push(`DeleteFilesOf ${call.request.target_id}`);
      callback(null, { files_deleted: 0 });
    },
  };
  const identity = {
    forgetMentions: (
      call: ServerUnaryCall<identityV1.ForgetMentionsRequest, identityV1.ForgetMentionsResponse>,
      callback: sendUnaryData<identityV1.ForgetMentionsResponse>,
    ) => {
      asked.push(`ForgetMentions ${call.request.object_id}`);
      callback(null, { audit_entries_changed: 0, notifications_changed: 0 });
    },
  };
  const peer = await startFakePeer([
    { definition: documentsV1.DocumentsServiceService, implementation: documents },
    { definition: identityV1.IdentityServiceService, implementation: identity },
  ]);
  return { ...peer, asked };
}

export interface CrmCoreWithErasurePeers {
  crm: ServiceHarness<CrmCoreRuntime>;
  peers: ErasurePeers;
  stop(): Promise<void>;
}

// crm-core in process with its peers documents and identity answered by the fakes.
export async function startCrmCoreWithErasurePeers(options: HarnessOptions = {}): Promise<CrmCoreWithErasurePeers> {
  const peers = await startErasurePeers();
  return { ...(await startCrmCoreBeside(peers, ['documents', 'identity'], options)), peers };
}
