import { jobModel, type JobRow } from '@crm/bus';
import type { InternalClaims } from '@crm/kit';
import { PERMISSIONS } from '@crm/protos';
import { tenantClaims, type ServiceHarness } from '@crm/testing';

// Shared by crm-core's service tests of the recycle bin and of what follows its purges.

export const DAY = 24 * 60 * 60 * 1000;

export type MemberClaims = InternalClaims & { workspace_id: string };

// A member of a fresh workspace who may do everything.
export const memberClaims = (): MemberClaims =>
  tenantClaims({ plan: 'standard', permissions: [...PERMISSIONS] }) as MemberClaims;

// Creates a record through the service's API and answers its id.
export async function createRecord(
  crm: ServiceHarness,
  claims: InternalClaims,
  path: string,
  body: Record<string, unknown>,
): Promise<string> {
  const answer = await crm.call(claims, 'POST', path, { body });
  expect({ path, status: answer.status }).toEqual({ path, status: 201 });
  return answer.body.id as string;
}

// The purge job a move to the recycle bin scheduled for a record (`companies.purge`,
// `contacts.purge`), or null when there is none.
export async function purgeJobOf(crm: ServiceHarness, job: string, recordId: string): Promise<JobRow | null> {
  return jobModel(crm.service.context.connection).findOne({ name: job, key: recordId }).lean<JobRow>().exec();
}
