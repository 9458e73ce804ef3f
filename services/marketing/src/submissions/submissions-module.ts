import type { ServiceModule } from '@crm/service-host';
import type { MarketingRuntime } from '../marketing-runtime';
import { registerSubmissionModel } from './submission.model';
import { submissionJobs } from './submission-processing';
import { submissionOperations } from './submission-routes';

// The public submission endpoint of web forms, and the job that turns a submission into a lead.
export const submissionsModule: ServiceModule<MarketingRuntime> = {
  models: registerSubmissionModel,
  operations: submissionOperations,
  jobs: ({ context }) => submissionJobs(context),
};
