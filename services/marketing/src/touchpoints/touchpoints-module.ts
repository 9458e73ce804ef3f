import type { ServiceModule } from '@crm/service-host';
import type { MarketingRuntime } from '../marketing-runtime';
import { registerTouchpointModel } from './touchpoint.model';
import { subscribeTouchpointMerges } from './touchpoint-merges';
import { touchpointOperations } from './touchpoint-routes';

// Touchpoints: a contact's contact with a campaign; they follow merged records.
export const touchpointsModule: ServiceModule<MarketingRuntime> = {
  models: registerTouchpointModel,
  operations: ({ context }) => touchpointOperations(context),
  consumers: ({ context }) => subscribeTouchpointMerges(context),
};
