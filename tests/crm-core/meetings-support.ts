import type { components } from '@crm/sdk';
import { callerFor, request, type ApiResponse, type TestSystem } from '../support/system';
import type { Owner } from './companies-support';

// Meeting as the API document declares it (the SDK's generated type).
type MeetingView = components['schemas']['Meeting'];

// Small helpers the meeting and calendar tests share: each test makes its own workspace.

export function meetingsApi(base: string, owner: Pick<Owner, 'token'>) {
  const call = callerFor(base, owner);
  return {
    call,
    async create(fields: Record<string, unknown> = {}): Promise<MeetingView> {
      const answer = await call<MeetingView>('POST', '/meetings', { title: 'Kick-off', ...inHours(2, 1), ...fields });
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 201 });
      return answer.body;
    },
    async get(id: string): Promise<MeetingView> {
      const answer = await call<MeetingView>('GET', `/meetings/${id}`);
      expect({ id, status: answer.status }).toEqual({ id, status: 200 });
      return answer.body;
    },
    async patch(id: string, fields: Record<string, unknown>): Promise<MeetingView> {
      const answer = await call<MeetingView>('PATCH', `/meetings/${id}`, fields);
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
      return answer.body;
    },
    async list(query: Record<string, string> = {}): Promise<MeetingView[]> {
      const answer = await call<{ data: MeetingView[] }>('GET', `/meetings?${new URLSearchParams(query).toString()}`);
      expect({ query, status: answer.status, body: answer.status === 200 ? 'ok' : answer.body }).toEqual({
        query,
        status: 200,
        body: 'ok',
      });
      return answer.body.data;
    },
  };
}

const HOUR = 60 * 60 * 1000;

// starts_at `from` hours from now, lasting `hours`.
export function inHours(from: number, hours = 1): { starts_at: string; ends_at: string } {
  const start = Date.now() + from * HOUR;
  return { starts_at: new Date(start).toISOString(), ends_at: new Date(start + hours * HOUR).toISOString() };
}

// The member signs in at the (simulated) provider as `email` and allows access; the provider
// sends them back to the gateway's callback. Answers the callback's answer.
export async function connectCalendar(
  system: Pick<TestSystem, 'url'>,
  owner: Pick<Owner, 'token'>,
  provider: string,
  email: string,
): Promise<ApiResponse> {
  const started = await request(system.url, 'POST', `/integrations/calendar/${provider}/connect`, {
    token: owner.token,
  });
  expect({ status: started.status, url: typeof started.body.url }).toEqual({ status: 200, url: 'string' });
  const returned = await signInAt(started.body.url as string, email, 'allow');
  return followCallback(system, returned, flowCookie(started));
}

// What the browser keeps of the connect answer's Set-Cookie and sends back to the callback:
// `name=value`.
export function flowCookie(started: ApiResponse): string {
  const header = started.headers.get('set-cookie');
  if (!header) throw new Error('the connect answer set no cookie');
  return header.split(';')[0];
}

// What the provider's sign-in page does: shows a form, then redirects with a code (or an error).
export async function signInAt(url: string, email: string, decision: 'allow' | 'deny'): Promise<string> {
  const page = await fetch(url);
  expect({ status: page.status, form: (await page.text()).includes('<form method="post">') }).toEqual({
    status: 200,
    form: true,
  });
  const approved = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ email, decision }),
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  return approved.headers.get('location')!;
}

// The redirect names the public address (PUBLIC_URL); the test reaches the same path on its
// gateway, as the browser would, with the cookie it holds for that path (if any).
export function followCallback(
  system: Pick<TestSystem, 'url'>,
  location: string,
  cookie?: string,
): Promise<ApiResponse> {
  const target = new URL(location);
  return request(
    system.url.replace(/\/v1$/, ''),
    'GET',
    `${target.pathname}${target.search}`,
    cookie === undefined ? {} : { headers: { cookie } },
  );
}
