import {
  callerFor,
  signUpWithWorkspace,
  startTestSystem,
  waitFor,
  type ApiResponse,
  type TestSystem,
} from '../support/system';

// Small helpers the reports tests share: each test makes its own workspace and records, then
// waits for reports' read model (fed by events) to show them.

export type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

export const REPORTS_SYSTEM_OPTIONS = { rateLimits: { perTokenPerMinute: 100_000, publicPerMinute: 100_000 } };

export function startReportsSystem(): Promise<TestSystem> {
  return startTestSystem(REPORTS_SYSTEM_OPTIONS);
}

export function api(base: string, owner: Pick<Owner, 'token'>) {
  const call = callerFor(base, owner);
  const ok = async <T = Record<string, any>>(method: string, path: string, body: unknown, status = 200): Promise<T> => {
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
    // Stage ids by name, of company (object company) or deal pipelines.
    async stages(object: 'company' | 'deal'): Promise<Record<string, string>> {
      const answer = await ok<{ data: Array<{ id: string; name: string; object: string }> }>(
        'GET',
        '/pipeline-stages',
        undefined,
      );
      return Object.fromEntries(
        answer.data.filter((stage) => stage.object === object).map((stage) => [stage.name, stage.id]),
      );
    },
    async sources(): Promise<Record<string, string>> {
      const answer = await ok<{ data: Array<{ id: string; name: string }> }>('GET', '/lead-sources', undefined);
      return Object.fromEntries(answer.data.map((source) => [source.name, source.id]));
    },
    company: (fields: Record<string, unknown> = {}) =>
      ok<{ id: string }>('POST', '/companies', { name: 'Acme Ltd', ...fields }, 201),
    contact: (fields: Record<string, unknown> = {}) =>
      ok<{ id: string }>('POST', '/contacts', { first_name: 'Pat', ...fields }, 201),
    deal: (fields: Record<string, unknown> = {}) =>
      ok<{ id: string; currency: string }>('POST', '/deals', { name: 'Deal', ...fields }, 201),
    patchDeal: (id: string, fields: Record<string, unknown>) =>
      ok<{ id: string; status: string }>('PATCH', `/deals/${id}`, fields),
    run: (definition: Record<string, unknown>) => call('POST', '/reports/run', definition),
    // Polls a report until `ready` holds for its answer (the read model follows events).
    async until<T = Record<string, any>>(
      method: string,
      path: string,
      body: unknown,
      ready: (body: T) => boolean,
      what: string,
    ): Promise<T> {
      let last: ApiResponse<T> | undefined;
      await waitFor(async () => {
        last = await call<T>(method, path, body);
        return last.status === 200 && ready(last.body);
      }, what);
      return last!.body;
    },
  };
}

export type ReportsApi = ReturnType<typeof api>;

// A 400 naming the field.
export function expectInvalid(answer: ApiResponse<Record<string, any>>, field: string): void {
  expect({ status: answer.status, code: answer.body?.error?.code, message: answer.body?.error?.message }).toEqual({
    status: 400,
    code: 'validation_failed',
    message: expect.stringContaining(field),
  });
}
