import { implement, type Implementation } from '@crm/kit';
import type { DocumentsRuntime } from '../documents-runtime';
import { downloadExportBytes } from './export.operations';
import { sendExport } from './export-download';

// The byte endpoint export links point at (public: the URL is the capability).
export function exportOperations(runtime: DocumentsRuntime): Implementation[] {
  return [
    implement(downloadExportBytes, async ({ res, params, query }) => {
      try {
        await sendExport(runtime, params.id, query, res);
      } catch (error) {
        // Once bytes are flowing there is no error body to send: cut the response short.
        if (!res.headersSent) throw error;
        runtime.context.logger.warn({ err: error }, 'export download interrupted');
        res.destroy();
      }
    }),
  ];
}
