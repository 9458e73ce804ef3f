import type { components } from '@crm/sdk';
import {
  callerFor,
  request,
  signUpWithWorkspace,
  startTestSystem,
  type ApiResponse,
  type TestSystem,
} from '../support/system';

// Campaign as the API document declares it (the SDK's generated type).
type CampaignView = components['schemas']['Campaign'];

// Small factories the marketing tests share: each test makes its own workspace and records.

export type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

// New workspaces start on the Standard plan (identity's onboarding gives the complimentary
// period), which campaigns and touchpoints need. The public paths (sign-up, forms) are counted per
// address by the gateway: these tests make many from one address.
// `dataDir`: the data of an earlier start, to start again on it.
export function startMarketingSystem(env: Record<string, string> = {}, dataDir?: string): Promise<TestSystem> {
  return startTestSystem({
    rateLimits: { perTokenPerMinute: 100_000, publicPerMinute: 100_000 },
    env: { ...process.env, ...env },
    dataDir,
  });
}

export function api(base: string, owner: Pick<Owner, 'token'>) {
  const call = callerFor(base, owner);
  const ok = async <T = Record<string, any>>(
    method: string,
    path: string,
    body: unknown,
    status: number,
  ): Promise<T> => {
    const answer = await call<T>(method, path, body);
    expect({ method, path, status: answer.status, body: answer.status === status ? 'ok' : answer.body }).toEqual({
      method,
      path,
      status,
      body: 'ok',
    });
    return answer.body;
  };
  return {
    call,
    ok,
    createCampaign: (fields: Record<string, unknown> = {}) =>
      ok<CampaignView>('POST', '/campaigns', { name: 'Spring launch', ...fields }, 201),
    getCampaign: (id: string) => ok<CampaignView>('GET', `/campaigns/${id}`, undefined, 200),
    patchCampaign: (id: string, fields: Record<string, unknown>) =>
      ok<CampaignView>('PATCH', `/campaigns/${id}`, fields, 200),
    createCompany: (fields: Record<string, unknown> = {}) =>
      ok<{ id: string; name: string; campaign_id: string | null; campaign_name: string | null }>(
        'POST',
        '/companies',
        { name: 'Acme Ltd', ...fields },
        201,
      ),
    createContact: (fields: Record<string, unknown> = {}) =>
      ok<{ id: string; email: string | null; company_id: string | null }>(
        'POST',
        '/contacts',
        { first_name: 'Pat', ...fields },
        201,
      ),
  };
}

// A 400 naming the field.
export function expectInvalid(answer: ApiResponse<Record<string, any>>, field: string): void {
  expect({
    status: answer.status,
    code: answer.body?.error?.code,
    names: String(answer.body?.error?.message).includes(field),
  }).toEqual({
    status: 400,
    code: 'validation_failed',
    names: true,
  });
}

export async function auditSummaries(
  base: string,
  owner: Pick<Owner, 'token'>,
  objectType: string,
): Promise<Array<[string, string]>> {
  const log = await request(base, 'GET', '/audit-log?source=record&limit=200', { token: owner.token });
  expect(log.status).toBe(200);
  return (log.body.data as Array<{ object_type: string; object_id: string; summary: string }>)
    .filter((entry) => entry.object_type === objectType)
    .map((entry) => [entry.object_id, entry.summary]);
}
