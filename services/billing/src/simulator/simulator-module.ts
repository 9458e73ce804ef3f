import type { JobHandler } from '@crm/bus';
import type { ServiceModule } from '@crm/service-host';
import type { BillingRuntime } from '../billing-runtime';
import { registerSimulatorModels } from './simulator.model';
import { SIMULATOR_DELIVERY_JOB, simulatorDeliveryHandler } from './simulator-delivery';
import { simulatorOperations } from './simulator-routes';

// With PAYMENT_PROVIDER=simulated, the simulated provider's hosted pages and the webhooks it
// delivers.
export const simulatorModule: ServiceModule<BillingRuntime> = {
  models: registerSimulatorModels,
  operations: simulatorOperations,
  jobs(runtime): Record<string, JobHandler> {
    if (!runtime.simulator) return {};
    return { [SIMULATOR_DELIVERY_JOB]: simulatorDeliveryHandler(runtime) };
  },
};
