import { unary, validationFailed, type GrpcRegistration } from '@crm/kit';
import { documentsV1 } from '@crm/protos';
import type { DocumentsRuntime } from '../documents-runtime';
import { appendExportPart, beginExport, finishExport } from './export-writes';

const required = (value: string, field: string) => {
  if (!value) throw validationFailed(`${field} is required`);
  return value.toLowerCase();
};

// ExportsService: crm-core's POST /export streams its ZIP here part by part. Runs in the
// caller's context (its workspace and actor).
export function exportsGrpc(runtime: DocumentsRuntime): GrpcRegistration {
  const { logger } = runtime.context;
  const implementation: documentsV1.ExportsServiceServer = {
    beginExport: unary<documentsV1.BeginExportRequest, documentsV1.BeginExportResponse>(
      logger,
      async (request, _metadata, caller) => ({
        export_id: await beginExport(
          runtime,
          required(request.workspace_id, 'workspace_id'),
          request.file_name,
          caller?.context.actor,
        ),
      }),
    ),
    appendExportPart: unary<documentsV1.AppendExportPartRequest, documentsV1.AppendExportPartResponse>(
      logger,
      async (request) => {
        if (!Number.isInteger(request.index) || request.index < 0) throw validationFailed('index must be 0 or more');
        const size = await appendExportPart(
          runtime,
          required(request.workspace_id, 'workspace_id'),
          required(request.export_id, 'export_id'),
          request.index,
          Buffer.from(request.data),
        );
        return { size_bytes: size };
      },
    ),
    finishExport: unary<documentsV1.FinishExportRequest, documentsV1.FinishExportResponse>(logger, async (request) =>
      finishExport(runtime, required(request.workspace_id, 'workspace_id'), required(request.export_id, 'export_id')),
    ),
  };
  return { definition: documentsV1.ExportsServiceService, implementation };
}
