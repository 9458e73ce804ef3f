import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { crmLeadsGrpc } from './leads-grpc';

// What marketing asks of crm-core over gRPC: who a touchpoint is about, and a web form submission
// as a lead.
export const leadsModule: ServiceModule<CrmCoreRuntime> = {
  grpc: (runtime) => [crmLeadsGrpc(runtime)],
};
