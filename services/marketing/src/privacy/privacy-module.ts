import type { ServiceModule } from '@crm/service-host';
import type { MarketingRuntime } from '../marketing-runtime';
import { subscribeContactErasure } from './contact-erasure';

// An erased contact's touchpoints lose what could identify the person; the web-form submissions
// that became the contact are deleted.
export const privacyModule: ServiceModule<MarketingRuntime> = {
  consumers: ({ context }) => subscribeContactErasure(context),
};
