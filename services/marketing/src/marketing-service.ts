import { defineService } from '@crm/service-host';
import { campaignsModule } from './campaigns/campaigns-module';
import { crmRecordsModule } from './crm-records/crm-records-module';
import { marketingGrpcModule } from './grpc/marketing-grpc-module';
import { marketingRuntime } from './marketing-runtime';
import { privacyModule } from './privacy/privacy-module';
import { referencesModule } from './references/references-module';
import { spendModule } from './spend/spend-module';
import { submissionsModule } from './submissions/submissions-module';
import { touchpointsModule } from './touchpoints/touchpoints-module';
import { webFormsModule } from './web-forms/web-forms-module';

// Campaigns with spend and running totals, touchpoints, web-to-lead forms and their public
// submission endpoint. GetCampaigns answers other services' reference checks.
export const marketingService = defineService({
  name: 'marketing',
  // Settings checked once at start: a bad value stops the service, not a request.
  runtime: marketingRuntime,
  // In the order of the operations and of the consumers' subscriptions.
  modules: [
    campaignsModule,
    spendModule,
    crmRecordsModule,
    touchpointsModule,
    webFormsModule,
    submissionsModule,
    privacyModule,
    referencesModule,
    marketingGrpcModule,
  ],
});
