import { Crm } from '@crm/sdk';

export async function importRows(
  crm: Crm,
  rows: Array<{ name: string; domain?: string; contact?: { email: string } }>,
) {
  // Check first: a dry run answers what the import would do, writing nothing.
  const check = await crm.companies.import({ rows, dry_run: true });
  if (check.errors.length > 0) return check;
  // The same key for the same rows: sending them again after a crash finishes the import
  // instead of creating twice.
  return crm.companies.import({ rows }, { idempotencyKey: `contacts-2026-11.csv#batch-1` });
}
