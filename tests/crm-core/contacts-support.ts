import type { components } from '@crm/sdk';
import { callerFor, request, signUpWithWorkspace, type ApiResponse } from '../support/system';

// Small factories the contact tests share: each test makes its own workspace and records.

export type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

// Contact as the API document declares it (the SDK's generated type).
export type ContactBody = components['schemas']['Contact'];

export interface ContactPage {
  data: ContactBody[];
  next_cursor: string | null;
}

export function contactsApi(base: string, owner: Pick<Owner, 'token'>) {
  const call = callerFor(base, owner);
  return {
    call,
    async create(fields: Record<string, unknown> = {}): Promise<ContactBody> {
      const answer = await call<ContactBody>('POST', '/contacts', fields);
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 201 });
      return answer.body;
    },
    async get(id: string): Promise<ApiResponse<ContactBody>> {
      return call<ContactBody>('GET', `/contacts/${id}`);
    },
    async list(query: Record<string, string> = {}): Promise<ContactPage> {
      const answer = await call<ContactPage>('GET', `/contacts?${new URLSearchParams(query).toString()}`);
      expect({ query, status: answer.status, body: answer.status === 200 ? 'ok' : answer.body }).toEqual({
        query,
        status: 200,
        body: 'ok',
      });
      return answer.body;
    },
    // Every page of a list, following next_cursor to its end.
    async all(query: Record<string, string> = {}): Promise<ContactBody[]> {
      const seen: ContactBody[] = [];
      let cursor: string | null = null;
      do {
        const page: ContactPage = await this.list(cursor ? { ...query, cursor } : query);
        seen.push(...page.data);
        cursor = page.next_cursor;
      } while (cursor !== null);
      return seen;
    },
    async company(name: string): Promise<string> {
      const answer = await call('POST', '/companies', { name });
      expect(answer.status).toBe(201);
      return answer.body.id as string;
    },
  };
}

export const idsOf = (contacts: Array<{ id: string }>) => contacts.map((contact) => contact.id);

interface AuditItem {
  object_type: string | null;
  object_id: string | null;
  object_name: string | null;
  actor: string | null;
  summary: string | null;
}

// The workspace's audit entries about contacts, newest first.
export async function contactAudit(base: string, owner: Pick<Owner, 'token'>): Promise<AuditItem[]> {
  const log = await request(base, 'GET', '/audit-log?source=record&limit=100', { token: owner.token });
  expect(log.status).toBe(200);
  return (log.body.data as AuditItem[]).filter((item) => item.object_type === 'contact');
}
