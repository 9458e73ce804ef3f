import type { ServiceModule } from '@crm/service-host';
import type { MarketingRuntime } from '../marketing-runtime';
import { registerSpendModel } from './spend.model';
import { spendOperations } from './spend-routes';

// What a campaign spent, entry by entry.
export const spendModule: ServiceModule<MarketingRuntime> = {
  models: registerSpendModel,
  operations: ({ context }) => spendOperations(context),
};
