import type { ServiceModule } from '@crm/service-host';
import type { MarketingRuntime } from '../marketing-runtime';
import { subscribeCrmRecords } from './crm-record-consumers';
import { registerCrmRecordModels } from './crm-record.model';

// The copy of crm-core's companies, contacts and deals that touchpoints and totals read.
export const crmRecordsModule: ServiceModule<MarketingRuntime> = {
  models: registerCrmRecordModels,
  consumers: ({ context }) => subscribeCrmRecords(context),
};
