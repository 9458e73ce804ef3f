import { defineService } from '@crm/service-host';
import { reportEngineOperations } from './engine/report-routes';
import { fixedReportOperations } from './fixed/fixed-report-routes';
import { registerReadModels } from './read-model/read-model.model';
import { subscribeContactErasure } from './privacy/contact-erasure';
import { subscribeReadModel } from './read-model/read-model-consumers';
import { registerSavedReportModels } from './saved/saved-report.model';
import { savedReportOperations } from './saved/saved-report-routes';

// The owners reports calls: identity for a workspace's settings it has not heard of yet, and
// all three to replay their records when the read model is rebuilt.
export const REPORTS_PEERS = ['identity', 'crm-core', 'marketing'];

// The report read model fed by the owners' events, the report engine (fields, run, records),
// saved and pinned reports, and the fixed reports (pipeline, summary, marketing, sales).
export const reportsService = defineService({
  name: 'reports',
  runtime: (context) => context,
  modules: [
    {
      models(connection) {
        registerReadModels(connection);
        registerSavedReportModels(connection);
      },
      operations: (context) => [
        ...reportEngineOperations(context),
        ...savedReportOperations(context),
        ...fixedReportOperations(context),
      ],
      async consumers(context) {
        await subscribeReadModel(context);
        await subscribeContactErasure(context);
      },
    },
  ],
});
