import type { ServiceModule } from '@crm/service-host';
import type { DocumentsRuntime } from '../documents-runtime';
import { registerExportModel } from './export.model';
import { exportsGrpc } from './export-grpc';
import { exportJobs } from './export-jobs';
import { exportOperations } from './export-routes';

// The files crm-core's exports are written to (over gRPC) and downloaded from by a signed link.
export const exportsModule: ServiceModule<DocumentsRuntime> = {
  models: registerExportModel,
  operations: exportOperations,
  grpc: (runtime) => [exportsGrpc(runtime)],
  jobs: exportJobs,
};
