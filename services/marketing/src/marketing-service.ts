import { defineService } from '@crm/service-host';
import { registerCampaignModel } from './campaigns/campaign.model';
import { campaignOperations } from './campaigns/campaign-routes';
import { registerCrmRecordModels } from './crm-records/crm-record.model';
import { subscribeCrmRecords } from './crm-records/crm-record-consumers';
import { marketingGrpc } from './grpc/marketing-grpc';
import { marketingRuntime } from './marketing-runtime';
import { subscribeSourceNames } from './references/lead-sources';
import { subscribeMemberNames } from './references/members';
import { registerReferenceCopyModels } from './references/reference-copies.model';
import { subscribeWorkspaceCurrency } from './references/workspace-currency';
import { subscribeContactErasure } from './privacy/contact-erasure';
import { registerSpendModel } from './spend/spend.model';
import { spendOperations } from './spend/spend-routes';
import { registerSubmissionModel } from './submissions/submission.model';
import { submissionJobs } from './submissions/submission-processing';
import { submissionOperations } from './submissions/submission-routes';
import { registerTouchpointModel } from './touchpoints/touchpoint.model';
import { subscribeTouchpointMerges } from './touchpoints/touchpoint-merges';
import { touchpointOperations } from './touchpoints/touchpoint-routes';
import { registerWebFormModel } from './web-forms/web-form.model';
import { webFormOperations } from './web-forms/web-form-routes';

// Campaigns with spend and running totals, touchpoints, web-to-lead forms and their public
// submission endpoint. GetCampaigns answers other services' reference checks.
export const marketingService = defineService({
  name: 'marketing',
  // Settings checked once at start: a bad value stops the service, not a request.
  runtime: marketingRuntime,
  modules: [
    {
      models(connection) {
        registerCampaignModel(connection);
        registerSpendModel(connection);
        registerTouchpointModel(connection);
        registerWebFormModel(connection);
        registerSubmissionModel(connection);
        registerCrmRecordModels(connection);
        registerReferenceCopyModels(connection);
      },
      operations: (runtime) => [
        ...campaignOperations(runtime.context),
        ...spendOperations(runtime.context),
        ...touchpointOperations(runtime.context),
        ...webFormOperations(runtime),
        ...submissionOperations(runtime),
      ],
      grpc: (runtime) => marketingGrpc(runtime.context),
      async consumers({ context }) {
        await subscribeCrmRecords(context);
        await subscribeTouchpointMerges(context);
        await subscribeContactErasure(context);
        await subscribeWorkspaceCurrency(context);
        await subscribeMemberNames(context);
        await subscribeSourceNames(context);
      },
      jobs: (runtime) => submissionJobs(runtime.context),
    },
  ],
});
