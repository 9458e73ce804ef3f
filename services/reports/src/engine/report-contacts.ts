import { forbidden, type InternalClaims } from '@crm/kit';
import type { ReadRecord } from '../read-model/read-model.model';
import type { CompiledReport } from './report-definition';

// A report shows no contact to a caller without contacts:read (docs/permissions.md): a report on
// contacts, or grouped by contact (its labels are their names), is refused with 403; the records
// behind a row leave out tasks and timeline entries about a contact and name no contact.
export function readsContacts(claims: InternalClaims): boolean {
  return claims.permissions.includes('contacts:read');
}

export function checkReportContacts(report: CompiledReport, claims: InternalClaims): void {
  if (readsContacts(claims)) return;
  if (report.definition.object === 'contact') throw forbidden('contact reports need the contacts:read permission');
  if (report.groupings.some((grouping) => grouping.group?.references === 'contact'))
    throw forbidden('grouping by contact needs the contacts:read permission');
}

// Whether a record behind a row may be shown to a caller without contacts:read.
export function shownWithoutContacts(record: ReadRecord): boolean {
  return record.target_type !== 'contact';
}
