import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerErasedContactModel } from './erased-contact.model';
import { subscribeErasureCleanup } from './erasure-cleanup';
import { privacyOperations } from './privacy-routes';

// A contact's personal data on request, and its erasure with what other services keep of it.
export const privacyModule: ServiceModule<CrmCoreRuntime> = {
  models: registerErasedContactModel,
  operations: ({ context }) => privacyOperations(context),
  consumers: ({ context }) => subscribeErasureCleanup(context),
};
