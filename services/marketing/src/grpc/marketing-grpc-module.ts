import type { ServiceModule } from '@crm/service-host';
import type { MarketingRuntime } from '../marketing-runtime';
import { marketingGrpc } from './marketing-grpc';

// What other services ask marketing over gRPC: campaigns by id, a contact's touchpoints, the
// replay of its records.
export const marketingGrpcModule: ServiceModule<MarketingRuntime> = {
  grpc: ({ context }) => marketingGrpc(context),
};
