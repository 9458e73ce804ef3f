import type { components } from '@crm/sdk';
import { callerFor, request, signUpWithWorkspace, type ApiResponse } from '../support/system';

// Small factories the company tests share: each test makes its own workspace and records.

export type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

// Company as the API document declares it (the SDK's generated type).
export type CompanyBody = components['schemas']['Company'];

export interface CompanyPage {
  data: CompanyBody[];
  next_cursor: string | null;
  total?: number;
}

export interface Stage {
  id: string;
  pipeline_id: string;
  name: string;
  position: number;
  kind: string;
  object: string;
}

export function companiesApi(base: string, owner: Pick<Owner, 'token'>) {
  const call = callerFor(base, owner);
  return {
    call,
    async create(fields: Record<string, unknown> = {}): Promise<CompanyBody> {
      const answer = await call<CompanyBody>('POST', '/companies', { name: 'Acme Ltd', ...fields });
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 201 });
      return answer.body;
    },
    async get(id: string): Promise<CompanyBody> {
      const answer = await call<CompanyBody>('GET', `/companies/${id}`);
      expect({ id, status: answer.status }).toEqual({ id, status: 200 });
      return answer.body;
    },
    async patch(id: string, fields: Record<string, unknown>): Promise<CompanyBody> {
      const answer = await call<CompanyBody>('PATCH', `/companies/${id}`, fields);
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
      return answer.body;
    },
    async list(query: Record<string, string> = {}): Promise<CompanyPage> {
      const answer = await call<CompanyPage>('GET', `/companies?${new URLSearchParams(query).toString()}`);
      expect({ query, status: answer.status, body: answer.status === 200 ? 'ok' : answer.body }).toEqual({
        query,
        status: 200,
        body: 'ok',
      });
      return answer.body;
    },
    // Every page of a list, following next_cursor to its end.
    async all(query: Record<string, string> = {}): Promise<CompanyBody[]> {
      const seen: CompanyBody[] = [];
      let cursor: string | null = null;
      do {
        const page: CompanyPage = await this.list(cursor ? { ...query, cursor } : query);
        seen.push(...page.data);
        cursor = page.next_cursor;
      } while (cursor !== null);
      return seen;
    },
    async counts(): Promise<Record<string, number>> {
      const answer = await call<Record<string, number>>('GET', '/companies/counts');
      expect(answer.status).toBe(200);
      return answer.body;
    },
    async bulk(body: Record<string, unknown>): Promise<ApiResponse> {
      return call('POST', '/companies/bulk', body);
    },
    async companyStages(): Promise<Stage[]> {
      const answer = await call<{ data: Stage[] }>('GET', '/pipeline-stages');
      expect(answer.status).toBe(200);
      return answer.body.data.filter((stage) => stage.object === 'company');
    },
    async dealStage(): Promise<Stage> {
      const answer = await call<{ data: Stage[] }>('GET', '/pipeline-stages');
      return answer.body.data.find((stage) => stage.object === 'deal')!;
    },
    async sources(): Promise<Array<{ id: string; name: string }>> {
      const answer = await call<{ data: Array<{ id: string; name: string }> }>('GET', '/lead-sources');
      expect(answer.status).toBe(200);
      return answer.body.data;
    },
  };
}

export type CompaniesApi = ReturnType<typeof companiesApi>;

export const idsOf = (companies: Array<{ id: string }>) => companies.map((company) => company.id);

// The answer is a 400 whose message names the field.
export function expectRefusal(answer: ApiResponse<Record<string, any>>, field: string): void {
  expect({
    status: answer.status,
    code: answer.body?.error?.code,
    names: String(answer.body?.error?.message).includes(field),
    message: answer.body?.error?.message,
  }).toMatchObject({
    status: 400,
    code: 'validation_failed',
    names: true,
  });
}

export interface AuditItem {
  object_type: string | null;
  object_id: string | null;
  object_name: string | null;
  actor: string | null;
  summary: string | null;
}

// The workspace's audit entries about companies, newest first.
export async function companyAudit(base: string, owner: Pick<Owner, 'token'>): Promise<AuditItem[]> {
  const log = await request(base, 'GET', '/audit-log?source=record&limit=100', { token: owner.token });
  expect(log.status).toBe(200);
  return (log.body.data as AuditItem[])
    .filter((item) => item.object_type === 'company')
    .map(({ object_type, object_id, object_name, actor, summary }) => ({
      object_type,
      object_id,
      object_name,
      actor,
      summary,
    }));
}

// A campaign of the owner's workspace (new workspaces start on Standard, which campaigns need);
// answers its id.
export async function createCampaign(base: string, owner: Pick<Owner, 'token'>, name: string): Promise<string> {
  const created = await request(base, 'POST', '/campaigns', { token: owner.token, body: { name } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}
