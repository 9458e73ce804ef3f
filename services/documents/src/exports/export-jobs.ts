import type { JobHandler } from '@crm/bus';
import type { DocumentsRuntime } from '../documents-runtime';
import { REMOVE_EXPORT_JOB, removeExport } from './export-writes';

// remove_export: scheduled when an export begins (an hour on) and moved to its link's expiry
// when it is finished; removes the file, its parts and its record.
export function exportJobs(runtime: DocumentsRuntime): Record<string, JobHandler> {
  return {
    [REMOVE_EXPORT_JOB]: async (job) => {
      if (!job.workspace_id) return;
      await removeExport(runtime, job.workspace_id, String(job.payload.export_id));
    },
  };
}
