import { Crm } from '@crm/sdk';

export async function updateSafely(crm: Crm, companyId: string) {
  // Reads the company with its ETag, writes with If-Match, and starts again from a fresh read if
  // someone else changed it in between: no update is ever lost.
  return crm.companies.modify(companyId, (company) => ({
    employee_count: (company.employee_count ?? 0) + 1,
  }));
}
