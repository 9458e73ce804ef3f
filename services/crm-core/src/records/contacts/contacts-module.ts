import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerContactModel } from './contact.model';
import { contactJobs } from './contact-purge';
import { contactOperations } from './contact-routes';

// Contacts: records, their recycle bin and purge, merges.
export const contactsModule: ServiceModule<CrmCoreRuntime> = {
  models: registerContactModel,
  operations: ({ context }) => contactOperations(context),
  jobs: ({ context }) => contactJobs(context),
};
