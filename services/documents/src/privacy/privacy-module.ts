import type { ServiceModule } from '@crm/service-host';
import type { DocumentsRuntime } from '../documents-runtime';
import { subscribeContactErasure } from './contact-erasure';

// An erased contact's files go with it.
export const privacyModule: ServiceModule<DocumentsRuntime> = {
  consumers: subscribeContactErasure,
};
