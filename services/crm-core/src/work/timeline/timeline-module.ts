import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerActivityModels } from './activity.model';
import { activityOperations } from './activity-routes';
import { subscribeTimeline } from './timeline-consumer';

// The timeline of activities on records, and the entries their events (and those of meetings,
// documents and marketing) add to it.
export const timelineModule: ServiceModule<CrmCoreRuntime> = {
  models: registerActivityModels,
  operations: ({ context }) => activityOperations(context),
  consumers: ({ context }) => subscribeTimeline(context),
};
