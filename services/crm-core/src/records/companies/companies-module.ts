import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerCompanyModel } from './company.model';
import { companyJobs } from './company-purge';
import { companyOperations } from './company-routes';

// Companies: records, their recycle bin and purge, bulk changes and merges.
export const companiesModule: ServiceModule<CrmCoreRuntime> = {
  models: registerCompanyModel,
  operations: companyOperations,
  jobs: ({ context }) => companyJobs(context),
};
