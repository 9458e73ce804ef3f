import type { components } from '@crm/sdk';
import { callerFor, waitFor } from '../support/system';

// Activity as the API document declares it (the SDK's generated type).
type ActivityView = components['schemas']['Activity'];

// Small helpers the timeline and task tests share: each test makes its own workspace and records.

export interface ActivityPage {
  data: ActivityView[];
  next_cursor: string | null;
}

export function timelineApi(base: string, owner: { token: string }) {
  const call = callerFor(base, owner);
  return {
    call,
    async note(targetType: string, targetId: string, fields: Record<string, unknown> = {}): Promise<ActivityView> {
      const answer = await call<ActivityView>('POST', '/activities', {
        type: 'note',
        target_type: targetType,
        target_id: targetId,
        body: 'A note',
        ...fields,
      });
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 201 });
      return answer.body;
    },
    async page(query: Record<string, string>): Promise<ActivityPage> {
      const answer = await call<ActivityPage>('GET', `/activities?${new URLSearchParams(query).toString()}`);
      expect({ query, status: answer.status, body: answer.status === 200 ? 'ok' : answer.body }).toEqual({
        query,
        status: 200,
        body: 'ok',
      });
      return answer.body;
    },
    // Every page of a timeline, following next_cursor to its end.
    async all(query: Record<string, string>): Promise<ActivityView[]> {
      const seen: ActivityView[] = [];
      let cursor: string | null = null;
      do {
        const page: ActivityPage = await this.page(cursor ? { ...query, cursor } : query);
        seen.push(...page.data);
        cursor = page.next_cursor;
      } while (cursor !== null);
      return seen;
    },
    // The entries of a timeline once `ready` holds for them.
    async until(
      query: Record<string, string>,
      ready: (entries: ActivityView[]) => boolean,
      what: string,
    ): Promise<ActivityView[]> {
      return waitFor(async () => {
        const entries = await this.all(query);
        return ready(entries) ? entries : undefined;
      }, what);
    },
  };
}

export const subjectsOf = (entries: ActivityView[]) => entries.map((entry) => entry.subject);
