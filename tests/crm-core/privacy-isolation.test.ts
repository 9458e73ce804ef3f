import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { FAST_WEBHOOKS_ENV, startReceiver, type Receiver } from '@crm/testing';

// An erasure touches the erasing workspace only, and there only what names the person: another
// workspace's contact with the same first name keeps every event, feed entry and delivery; in the
// erasing workspace, feed entries of other people are left whole and those about the person stay,
// without their values. (The events crm-core keeps in its outbox:
// services/crm-core/src/data/privacy/__tests__/erasure-kept-events.service.spec.ts.)
let system: TestSystem;
let base: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, ...FAST_WEBHOOKS_ENV } });
  base = system.url;
});

afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await system.destroy();
});

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;
type FeedEntry = { id: string; type: string; redacted: boolean; data: Record<string, unknown> };

async function ok<T = Record<string, any>>(
  owner: Owner,
  method: string,
  path: string,
  body: unknown,
  status: number,
): Promise<T> {
  const answer = await request<T>(base, method, path, { token: owner.token, body });
  expect({ method, path, status: answer.status }).toEqual({ method, path, status });
  return answer.body;
}

async function feedOf(owner: Owner): Promise<FeedEntry[]> {
  const entries: FeedEntry[] = [];
  let after = '';
  for (;;) {
    const page = await ok<{ data: FeedEntry[]; next_cursor: string; has_more: boolean }>(
      owner,
      'GET',
      `/events?limit=100${after ? `&after=${after}` : ''}`,
      undefined,
      200,
    );
    entries.push(...page.data);
    if (!page.has_more) return entries;
    after = page.next_cursor;
  }
}

describe('an erasure and other people', () => {
  it("leaves another workspace's feed and deliveries whole, and redacts only what names the person", async () => {
    const erasing = await signUpWithWorkspace(base, 'Ada');
    const neighbour = await signUpWithWorkspace(base, 'Nia');
    const target = await startReceiver();
    receivers.push(target);
    const hook = await ok<{ id: string }>(
      neighbour,
      'POST',
      '/webhooks',
      { url: target.url, event_types: ['crm.contact.*', 'crm.activity.*'] },
      201,
    );

    // The neighbour's Ted: a three-letter first name, as in `created_at`.
    const theirTed = await ok<{ id: string }>(
      neighbour,
      'POST',
      '/contacts',
      { first_name: 'Ted', last_name: 'Baker', email: 'ted.baker@example.net' },
      201,
    );
    await ok(
      neighbour,
      'POST',
      '/activities',
      {
        type: 'note',
        target_type: 'contact',
        target_id: theirTed.id,
        subject: 'Ted called',
        body: 'Ted Baker asked for a quote',
      },
      201,
    );
    // In the erasing workspace: the person, someone else, and a note on a company naming the person.
    const ted = await ok<{ id: string }>(
      erasing,
      'POST',
      '/contacts',
      { first_name: 'Ted', last_name: 'Lee', email: 'ted.lee@example.org' },
      201,
    );
    const bob = await ok<{ id: string }>(
      erasing,
      'POST',
      '/contacts',
      { first_name: 'Bob', last_name: 'Created', email: 'bob@example.org' },
      201,
    );
    const company = await ok<{ id: string }>(erasing, 'POST', '/companies', { name: 'Tedious Widgets' }, 201);
    await ok(
      erasing,
      'POST',
      '/activities',
      {
        type: 'note',
        target_type: 'company',
        target_id: company.id,
        subject: 'Lunch',
        body: 'Ted Lee liked the Tedious demo',
      },
      201,
    );

    await waitFor(
      () => target.received.filter((item) => item.body.includes('ted.baker@example.net')).length >= 1 || undefined,
      'the neighbour delivered',
    );
    await waitFor(
      async () => ((await feedOf(erasing)).some((entry) => entry.type === 'crm.activity.created') ? true : undefined),
      'the feed of the erasing workspace',
    );
    await waitFor(
      async () => ((await feedOf(neighbour)).some((entry) => entry.type === 'crm.activity.created') ? true : undefined),
      'the feed of the neighbour',
    );
    const neighbourFeedBefore = await feedOf(neighbour);

    expect(await ok(erasing, 'POST', `/contacts/${ted.id}/erase`, { confirm: 'ERASE' }, 200)).toEqual({
      erased: true,
      files_deleted: 0,
    });
    await waitFor(
      async () => ((await feedOf(erasing)).some((entry) => entry.type === 'crm.contact.erased') ? true : undefined),
      'the erasure in the feed',
    );

    // The neighbour: the feed unchanged.
    expect(await feedOf(neighbour)).toEqual(neighbourFeedBefore);
    expect(JSON.stringify(neighbourFeedBefore)).toContain('ted.baker@example.net');
    // ... and its endpoint still receives its events, Ted's included.
    const received = target.received.length;
    await ok(neighbour, 'PATCH', `/contacts/${theirTed.id}`, { job_title: 'Buyer' }, 200);
    const delivered = await waitFor(
      () => target.received.slice(received).find((item) => item.body.includes('crm.contact.updated')),
      'a later delivery',
    );
    expect(JSON.parse(delivered.body)).toMatchObject({
      data: { contact_id: theirTed.id, first_name: 'Ted', email: 'ted.baker@example.net' },
    });
    expect(
      (await ok<{ data: unknown[] }>(neighbour, 'GET', `/webhooks/${hook.id}/deliveries`, undefined, 200)).data.length,
    ).toBeGreaterThan(0);

    // In the feed, Bob's entries and the company stay whole: only entries naming the person are redacted.
    const feed = await feedOf(erasing);
    const redacted = (entry: FeedEntry) => ({ type: entry.type, redacted: entry.redacted });
    expect(feed.filter((entry) => entry.data.contact_id === bob.id).map(redacted)).toEqual([
      { type: 'crm.contact.created', redacted: false },
    ]);
    expect(feed.filter((entry) => entry.data.company_id === company.id).map(redacted)).toEqual([
      { type: 'crm.company.created', redacted: false },
    ]);
    expect(JSON.stringify(feed)).not.toContain('ted.lee@example.org');
  });
});

describe('answers kept for Idempotency-Key retries', () => {
  const withKey = (owner: Owner, method: string, path: string, body: unknown, key: string) =>
    request<Record<string, any>>(base, method, path, { token: owner.token, body, headers: { 'Idempotency-Key': key } });

  it("are forgotten when they show an erased person: a retry is told so, runs nothing again, and another workspace's stay", async () => {
    const erasing = await signUpWithWorkspace(base, 'Ida');
    const neighbour = await signUpWithWorkspace(base, 'Ned');
    const person = { first_name: 'Ted', last_name: 'Lee', email: 'ted.lee.kept@example.org' };
    const key = 'create-ted-0001';
    const created = await withKey(erasing, 'POST', '/contacts', person, key);
    expect(created.status).toBe(201);
    const company = await ok<{ id: string }>(erasing, 'POST', '/companies', { name: 'Harbour' }, 201);
    const noteBody = {
      type: 'note',
      target_type: 'company',
      target_id: company.id,
      subject: 'Lunch',
      body: 'Ted Lee liked the demo',
    };
    const note = await withKey(erasing, 'POST', '/activities', noteBody, 'note-naming-ted');
    expect(note.status).toBe(201);
    const theirs = await withKey(
      neighbour,
      'POST',
      '/contacts',
      { ...person, email: 'ted.lee.other@example.org' },
      key,
    );
    expect(theirs.status).toBe(201);
    // Before the erasure a retry is answered from the stored answer.
    const replay = await withKey(erasing, 'POST', '/contacts', person, key);
    expect({ status: replay.status, replayed: replay.headers.get('idempotent-replayed'), id: replay.body.id }).toEqual({
      status: 201,
      replayed: 'true',
      id: created.body.id,
    });

    expect(await ok(erasing, 'POST', `/contacts/${created.body.id}/erase`, { confirm: 'ERASE' }, 200)).toEqual({
      erased: true,
      files_deleted: 0,
    });

    for (const [path, body, retryKey] of [
      ['/contacts', person, key],
      ['/activities', noteBody, 'note-naming-ted'],
    ] as const) {
      const retry = await withKey(erasing, 'POST', path, body, retryKey);
      expect({ path, status: retry.status, code: retry.body.error?.code }).toEqual({
        path,
        status: 409,
        code: 'idempotency_answer_erased',
      });
      expect(JSON.stringify(retry.body)).not.toMatch(/Ted|Lee|ted\.lee/);
    }
    // Not run again: there is still one contact, the erased one, and one note, rewritten.
    const contacts = await ok<{ data: Array<{ id: string; first_name: string }> }>(
      erasing,
      'GET',
      '/contacts?limit=50',
      undefined,
      200,
    );
    expect(contacts.data.map((contact) => [contact.id, contact.first_name])).toEqual([[created.body.id, 'Erased']]);
    const timeline = await ok<{ data: Array<{ id: string; body: string }> }>(
      erasing,
      'GET',
      `/activities?target_type=company&target_id=${company.id}`,
      undefined,
      200,
    );
    expect(timeline.data.map((entry) => entry.body)).toEqual(['[erased] liked the demo']);
    // The neighbour's answer with the same key is theirs, and stays.
    const theirReplay = await withKey(
      neighbour,
      'POST',
      '/contacts',
      { ...person, email: 'ted.lee.other@example.org' },
      key,
    );
    expect({
      status: theirReplay.status,
      replayed: theirReplay.headers.get('idempotent-replayed'),
      first_name: theirReplay.body.first_name,
    }).toEqual({
      status: 201,
      replayed: 'true',
      first_name: 'Ted',
    });
  });
});
