import type { components } from '@crm/sdk';
import { callerFor } from '../support/system';
import type { Owner, Stage } from './companies-support';

// Deal as the API document declares it (the SDK's generated type).
type DealView = components['schemas']['Deal'];

// Small factories the deal tests share: each test makes its own workspace and records.

export interface DealPage {
  data: DealView[];
  total: number;
  value: number;
  weighted: number;
  currency: string;
  other_currencies: Array<{ currency: string; count: number; value: number; weighted: number }>;
}

export function dealsApi(base: string, owner: Pick<Owner, 'token'>) {
  const call = callerFor(base, owner);
  return {
    call,
    async create(fields: Record<string, unknown> = {}): Promise<DealView> {
      const answer = await call<DealView>('POST', '/deals', { name: 'Big deal', ...fields });
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 201 });
      return answer.body;
    },
    async get(id: string): Promise<DealView> {
      const answer = await call<DealView>('GET', `/deals/${id}`);
      expect({ id, status: answer.status }).toEqual({ id, status: 200 });
      return answer.body;
    },
    async patch(id: string, fields: Record<string, unknown>): Promise<DealView> {
      const answer = await call<DealView>('PATCH', `/deals/${id}`, fields);
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
      return answer.body;
    },
    async list(query: Record<string, string> = {}): Promise<DealPage> {
      const answer = await call<DealPage>('GET', `/deals?${new URLSearchParams(query).toString()}`);
      expect({ query, status: answer.status, body: answer.status === 200 ? 'ok' : answer.body }).toEqual({
        query,
        status: 200,
        body: 'ok',
      });
      return answer.body;
    },
    // The deal pipelines' stages, in catalogue order.
    async dealStages(): Promise<Stage[]> {
      const answer = await call<{ data: Stage[] }>('GET', '/pipeline-stages');
      expect(answer.status).toBe(200);
      return answer.body.data.filter((stage) => stage.object === 'deal');
    },
  };
}

export type DealsApi = ReturnType<typeof dealsApi>;

// The seeded Sales pipeline's stages by name.
export async function salesStages(api: DealsApi): Promise<Record<string, Stage>> {
  return Object.fromEntries((await api.dealStages()).map((stage) => [stage.name, stage]));
}
