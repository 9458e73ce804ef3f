import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../crm-core-runtime';
import { crmRecordsGrpc } from './crm-records-grpc';
import { crmReplayGrpc } from './crm-replay-grpc';

// What other services ask crm-core over gRPC: which records of a request exist, and the records'
// replay when a read model is rebuilt.
export const crmCoreGrpcModule: ServiceModule<CrmCoreRuntime> = {
  grpc: ({ context }) => [crmRecordsGrpc(context), crmReplayGrpc(context)],
};
