import { mailTo } from '@crm/testing';
import type { components } from '@crm/sdk';
import { callerFor, request } from '../support/system';

// Task as the API document declares it (the SDK's generated type).
type TaskView = components['schemas']['Task'];

// Small helpers the task tests share: each test makes its own workspace and records.

export interface TaskPage {
  data: TaskView[];
  next_cursor: string | null;
}

export function tasksApi(base: string, owner: { token: string }) {
  const call = callerFor(base, owner);
  return {
    call,
    async create(fields: Record<string, unknown> = {}): Promise<TaskView> {
      const answer = await call<TaskView>('POST', '/tasks', { title: 'Call back', ...fields });
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 201 });
      return answer.body;
    },
    async patch(id: string, fields: Record<string, unknown>): Promise<TaskView> {
      const answer = await call<TaskView>('PATCH', `/tasks/${id}`, fields);
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
      return answer.body;
    },
    async page(query: Record<string, string> = {}): Promise<TaskPage> {
      const answer = await call<TaskPage>('GET', `/tasks?${new URLSearchParams(query).toString()}`);
      expect({ query, status: answer.status, body: answer.status === 200 ? 'ok' : answer.body }).toEqual({
        query,
        status: 200,
        body: 'ok',
      });
      return answer.body;
    },
    async all(query: Record<string, string> = {}): Promise<TaskView[]> {
      const seen: TaskView[] = [];
      let cursor: string | null = null;
      do {
        const page: TaskPage = await this.page(cursor ? { ...query, cursor } : query);
        seen.push(...page.data);
        cursor = page.next_cursor;
      } while (cursor !== null);
      return seen;
    },
  };
}

export const titlesOf = (tasks: TaskView[]) => tasks.map((task) => task.title);

interface NotificationItem {
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
}

// A member's notifications, newest first.
export async function notificationsOf(base: string, member: { token: string }): Promise<NotificationItem[]> {
  const answer = await request(base, 'GET', '/notifications', { token: member.token });
  expect(answer.status).toBe(200);
  return answer.body.data as NotificationItem[];
}

// The subjects of the notification mail sent to an address, from the system's local mailbox
// (the email verification link every new account is mailed is not a notification).
export function mailSubjectsTo(dataDir: string, address: string): string[] {
  return mailTo(dataDir, address)
    .filter((mail) => !mail.text.includes('/v1/public/email-verifications/'))
    .map((mail) => mail.subject);
}
