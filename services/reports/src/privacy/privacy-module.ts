import type { ServiceModule } from '@crm/service-host';
import type { ReportsRuntime } from '../reports-runtime';
import { subscribeContactErasure } from './contact-erasure';

// An erased contact becomes a tombstone in the read model, its name gone.
export const privacyModule: ServiceModule<ReportsRuntime> = {
  consumers: ({ context }) => subscribeContactErasure(context),
};
