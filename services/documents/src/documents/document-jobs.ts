import type { JobHandler } from '@crm/bus';
import type { DocumentsRuntime } from '../documents-runtime';
import { EXPIRE_UPLOAD_JOB, expireUpload, REMOVE_BYTES_JOB } from './document-writes';

// expire_upload: scheduled with each document for when its upload URL has expired (plus a
// grace); a document still pending then is deleted with its bytes and its reservation (complete
// cancels the job). remove_bytes: scheduled in the transaction of every deletion, so bytes are
// removed even when the removal right after the commit failed. Both are durable rows run once
// at a time across replicas.
export function documentJobs(runtime: DocumentsRuntime): Record<string, JobHandler> {
  return {
    [EXPIRE_UPLOAD_JOB]: async (job) => {
      if (!job.workspace_id) return;
      await expireUpload(runtime, job.workspace_id, String(job.payload.document_id));
    },
    [REMOVE_BYTES_JOB]: async (job) => {
      await (await runtime.blobs()).remove(String(job.payload.blob_key));
    },
  };
}
