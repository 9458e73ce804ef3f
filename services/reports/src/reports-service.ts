import { defineService } from '@crm/service-host';
import { engineModule } from './engine/engine-module';
import { fixedModule } from './fixed/fixed-module';
import { privacyModule } from './privacy/privacy-module';
import { readModelModule } from './read-model/read-model-module';
import { reportsRuntime } from './reports-runtime';
import { savedModule } from './saved/saved-module';

// The owners reports calls: identity for a workspace's settings it has not heard of yet, and
// all three to replay their records when the read model is rebuilt.
export const REPORTS_PEERS = ['identity', 'crm-core', 'marketing'];

// The report read model fed by the owners' events, the report engine (fields, run, records),
// saved and pinned reports, and the fixed reports (pipeline, summary, marketing, sales).
export const reportsService = defineService({
  name: 'reports',
  // The read model's cache of workspaces, made once at start.
  runtime: reportsRuntime,
  // Read model first: its consumers subscribe before the erasure's, as before.
  modules: [readModelModule, engineModule, savedModule, fixedModule, privacyModule],
});
