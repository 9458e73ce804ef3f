import { forbidden, implement, workspaceOf, type Implementation } from '@crm/kit';
import { checkpointsOf } from '@crm/service-host';
import { importCompanies } from './import.operations';
import { importCompanyRows, type ImportProgress } from './import-run';
import type { CrmCoreRuntime } from '../../crm-core-runtime';

const hasContact = (row: unknown) =>
  typeof row === 'object' && row !== null && (row as { contact?: unknown }).contact != null;

// Needs companies:write (the permission matrix); rows that carry a contact write contacts too,
// so they also need what creating a contact needs.
export function importOperations(runtime: CrmCoreRuntime): Implementation[] {
  return [
    implement(importCompanies, async ({ req, auth, body }) => {
      if (!auth.permissions.includes('contacts:write') && body.rows.some(hasContact))
        throw forbidden('rows with a contact need contacts:write');
      return importCompanyRows(runtime, auth, workspaceOf(req), body, checkpointsOf<ImportProgress>(req));
    }),
  ];
}
