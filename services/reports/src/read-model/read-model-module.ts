import type { ServiceModule } from '@crm/service-host';
import type { ReportsRuntime } from '../reports-runtime';
import { subscribeReadModel } from './read-model-consumers';
import { registerReadModels } from './read-model.model';

// The read model the reports compute over, fed by the owners' events.
export const readModelModule: ServiceModule<ReportsRuntime> = {
  models: registerReadModels,
  consumers: ({ context }) => subscribeReadModel(context),
};
