import { dataFilesHolding as filesHolding } from '../support/data-files';
import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { documentsApi } from '../documents/documents-support';
import { addMemberTo } from './references-support';
import { notificationsOf } from './tasks-support';

// A subject access request and an erasure through the gateway: a person who appears in every
// service (contact, company, timeline, task, meeting, file, touchpoint, audit log, search, the
// reports read model) is listed by GET personal-data, then erased; afterwards no file of the
// system's data directory (every service's store, journals and snapshots, blobs) holds their
// name, email or phone.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem({
    rateLimits: { perTokenPerMinute: 100_000, publicPerMinute: 100_000 },
    env: { ...process.env },
  });
  base = system.url;
});

afterAll(() => system.destroy());

type Owner = Awaited<ReturnType<typeof signUpWithWorkspace>>;

const client = (owner: Pick<Owner, 'token'>) => ({
  call: <T = Record<string, any>>(method: string, path: string, body?: unknown) =>
    request<T>(base, method, path, { token: owner.token, body }),
  async ok<T = Record<string, any>>(method: string, path: string, body: unknown, status: number): Promise<T> {
    const answer = await request<T>(base, method, path, { token: owner.token, body });
    expect({ method, path, status: answer.status, body: answer.status === status ? 'ok' : answer.body }).toEqual({
      method,
      path,
      status,
      body: 'ok',
    });
    return answer.body;
  },
});

const dataFilesHolding = (values: readonly string[]) => filesHolding(system.dataDir, values);

const expectInvalid = (answer: { status: number; body: any }, field: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('validation_failed');
  expect(answer.body.error.message).toContain(field);
};

describe('privacy', () => {
  it('lists everything held about a person, then erases it from every service and from disk', async () => {
    const owner = await signUpWithWorkspace(base, 'Priya');
    const api = client(owner);
    const person = {
      first: 'Zelda',
      last: 'Quistgaard',
      email: 'zelda.quistgaard@example.org',
      phone: '+44 7700 900123',
    };
    const fullName = `${person.first} ${person.last}`;
    const company = await api.ok<{ id: string }>('POST', '/companies', { name: 'Harbour Lights Ltd' }, 201);
    const contact = await api.ok<{ id: string }>(
      'POST',
      '/contacts',
      {
        first_name: person.first,
        last_name: person.last,
        email: person.email,
        phone: person.phone,
        job_title: 'Buyer',
        company_id: company.id,
      },
      201,
    );
    await api.ok(
      'POST',
      '/activities',
      {
        type: 'note',
        target_type: 'contact',
        target_id: contact.id,
        subject: 'Intro',
        body: `Met ${fullName} at the fair`,
      },
      201,
    );
    await api.ok(
      'POST',
      '/activities',
      {
        type: 'call',
        target_type: 'contact',
        target_id: contact.id,
        outcome: 'connected',
        body: `Asked for pricing, call back on ${person.phone}`,
      },
      201,
    );
    const companyNote = await api.ok<{ id: string }>(
      'POST',
      '/activities',
      {
        type: 'note',
        target_type: 'company',
        target_id: company.id,
        subject: `Follow-up with ${fullName}`,
        body: `Send the deck to ${person.email}; other notes stay`,
      },
      201,
    );
    const task = await api.ok<{ id: string }>(
      'POST',
      '/tasks',
      { title: `Call ${fullName} back`, target_type: 'contact', target_id: contact.id },
      201,
    );
    // A colleague is told of a task naming the person (in the app only: mail already sent is the
    // recipient's, out of the system's reach).
    const colleague = await addMemberTo(system, owner, 'Cato', 'Sales');
    expect(
      (await request(base, 'PATCH', '/me', { token: colleague.token, body: { email_notifications: false } })).status,
    ).toBe(204);
    const handover = await api.ok<{ id: string }>(
      'POST',
      '/tasks',
      { title: `Send ${person.email} the quote`, assignee_id: colleague.userId },
      201,
    );
    const start = Date.now() + 2 * 60 * 60 * 1000;
    const meeting = await api.ok<{ id: string }>(
      'POST',
      '/meetings',
      {
        title: `Demo for ${fullName}`,
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 3600_000).toISOString(),
        company_id: company.id,
        contact_ids: [contact.id],
      },
      201,
    );
    const files = documentsApi(system, owner);
    const bytes = Buffer.from(`Signed contract of ${fullName}, ${person.email}, ${person.phone}\n`.repeat(20), 'utf8');
    const file = await files.upload(
      { type: 'contact', id: contact.id },
      bytes,
      'quistgaard-contract.txt',
      'text/plain',
    );
    const campaign = await api.ok<{ id: string }>('POST', '/campaigns', { name: 'Harbour fair' }, 201);
    expect(
      await api.ok(
        'POST',
        '/touchpoints',
        {
          touchpoints: [
            { campaign_id: campaign.id, contact_id: contact.id, kind: 'form', note: `Form filled by ${person.email}` },
          ],
        },
        200,
      ),
    ).toMatchObject({ created: 1 });

    // Every copy has arrived: search, the timeline's entries written from events, the audit log.
    await waitFor(async () => {
      const found = await api.call<{ data: Array<{ id: string }> }>('GET', `/search?q=${person.last}`);
      return found.body.data?.some((hit) => hit.id === contact.id);
    }, 'the contact in search');
    const data = await waitFor(async () => {
      const answer = await api.call('GET', `/contacts/${contact.id}/personal-data`);
      expect(answer.status).toBe(200);
      const body = answer.body;
      const ready =
        body.timeline.some(
          (entry: { subject: string | null }) => entry.subject === 'File added: quistgaard-contract.txt',
        ) &&
        body.timeline.some((entry: { subject: string | null }) => entry.subject?.startsWith('Campaign touchpoint')) &&
        body.mentions.some((entry: { subject: string | null }) => entry.subject === `Demo for ${fullName}`) &&
        body.audit_entries.some(
          (entry: { summary: string | null }) => entry.summary === `Created contact "${fullName}"`,
        ) &&
        (await notificationsOf(base, colleague)).some((notification) => notification.title.includes(person.email));
      return ready ? body : undefined;
    }, 'every part of the personal data');

    expect(data.erased).toBe(false);
    expect(data.erased_at).toBeNull();
    expect(data.contact).toMatchObject({
      id: contact.id,
      first_name: person.first,
      last_name: person.last,
      email: person.email,
      phone: person.phone,
      company_id: company.id,
    });
    const timelineText = data.timeline.map(
      (entry: { type: string; subject: string | null; body: string | null }) =>
        `${entry.type}|${entry.subject}|${entry.body}`,
    );
    expect(timelineText).toEqual(
      expect.arrayContaining([
        `note|Intro|Met ${fullName} at the fair`,
        `call|null|Asked for pricing, call back on ${person.phone}`,
        'system|File added: quistgaard-contract.txt|null',
      ]),
    );
    expect(data.mentions.map((entry: { id: string }) => entry.id)).toContain(companyNote.id);
    expect(data.tasks.map((item: { id: string; title: string }) => [item.id, item.title])).toEqual([
      [handover.id, `Send ${person.email} the quote`],
      [task.id, `Call ${fullName} back`],
    ]);
    expect(data.meetings.map((item: { id: string }) => item.id)).toEqual([meeting.id]);
    expect(data.touchpoints).toEqual([
      {
        id: expect.any(String),
        campaign_id: campaign.id,
        campaign_name: 'Harbour fair',
        kind: 'form',
        occurred_at: expect.any(String),
        note: `Form filled by ${person.email}`,
        external_ref: null,
        company_id: company.id,
      },
    ]);
    expect(data.documents).toEqual([
      {
        id: file.id,
        name: 'quistgaard-contract.txt',
        content_type: 'text/plain',
        size_bytes: bytes.length,
        status: 'ready',
        created_at: expect.any(String),
        uploaded_by_name: 'Priya',
      },
    ]);
    expect(data.audit_entries.map((entry: { event_type: string }) => entry.event_type)).toContain(
      'crm.contact.created',
    );

    // The grep below can fail: before the erasure the person is on disk in every service (the
    // file's name names them in documents' store) and in the blob store.
    const values = [fullName, person.last, person.email, person.phone, person.phone.replace(/\D/g, '')];
    const before = dataFilesHolding(values);
    const servicesHolding = new Set(before.map((hit) => hit.split('/')[0]));
    expect([...servicesHolding].sort()).toEqual(
      expect.arrayContaining(['blobs', 'crm-core', 'documents', 'identity', 'marketing', 'reports']),
    );

    expect(await api.ok('POST', `/contacts/${contact.id}/erase`, { confirm: 'ERASE' }, 200)).toEqual({
      erased: true,
      files_deleted: 1,
    });

    // What a later request sees: an erased contact, nothing else of the person.
    expect(await api.ok('GET', `/contacts/${contact.id}`, undefined, 200)).toEqual({
      id: contact.id,
      company_id: null,
      reports_to_id: null,
      owner_id: null,
      first_name: 'Erased',
      last_name: 'contact',
      email: null,
      phone: null,
      mobile: null,
      job_title: null,
      lawful_basis: null,
      custom: {},
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
    });
    const after = await api.ok<Record<string, any>>('GET', `/contacts/${contact.id}/personal-data`, undefined, 200);
    expect(after).toMatchObject({
      erased: true,
      erased_at: expect.any(String),
      timeline: [],
      mentions: [],
      meetings: [],
      documents: [],
    });
    // The task on the contact stays on it (now an erased contact); the other no longer names them.
    expect(after.tasks.map((item: { title: string }) => item.title)).toEqual(['Call [erased] back']);
    const taskList = await api.ok<{ data: Array<{ id: string; title: string }> }>(
      'GET',
      '/tasks?assignee=any&limit=50',
      undefined,
      200,
    );
    expect(taskList.data.find((item) => item.id === handover.id)?.title).toBe('Send [erased] the quote');
    expect((await notificationsOf(base, colleague)).map((notification) => notification.title)).toEqual([
      'Priya assigned you a task: Send [erased] the quote',
    ]);
    // Marketing clears its touchpoints when crm.contact.erased reaches it, moments later.
    const touchpoints = await waitFor(async () => {
      const later = await api.ok<Record<string, any>>('GET', `/contacts/${contact.id}/personal-data`, undefined, 200);
      return later.touchpoints.every((touchpoint: { note: string | null }) => touchpoint.note === null)
        ? later.touchpoints
        : undefined;
    }, 'touchpoints without the note');
    expect(touchpoints).toEqual([
      expect.objectContaining({ campaign_id: campaign.id, kind: 'form', note: null, external_ref: null }),
    ]);
    expect(
      (
        await api.ok<{ data: unknown[] }>(
          'GET',
          `/documents?target_type=contact&target_id=${contact.id}`,
          undefined,
          200,
        )
      ).data,
    ).toEqual([]);
    const companyTimeline = await api.ok<{ data: Array<{ id: string; subject: string | null; body: string | null }> }>(
      'GET',
      `/activities?target_type=company&target_id=${company.id}&limit=50`,
      undefined,
      200,
    );
    expect(companyTimeline.data.find((entry) => entry.id === companyNote.id)).toMatchObject({
      subject: 'Follow-up with [erased]',
      body: 'Send the deck to [erased]; other notes stay',
    });
    const meetingAfter = await api.ok<{ title: string; attendees: Array<{ type: string; id: string }> }>(
      'GET',
      `/meetings/${meeting.id}`,
      undefined,
      200,
    );
    expect(meetingAfter.title).toBe('Demo for [erased]');
    expect(meetingAfter.attendees.filter((attendee) => attendee.type === 'contact')).toEqual([]);
    await waitFor(async () => {
      const found = await api.call<{ data: Array<{ id: string }> }>('GET', `/search?q=${person.last}`);
      return found.status === 200 && found.body.data.length === 0;
    }, 'the contact out of search');

    // The audit log keeps the erasure, without the person; no entry names them any more.
    const audit = await waitFor(async () => {
      const log = await api.call<{
        data: Array<{
          object_type: string | null;
          object_id: string | null;
          object_name: string | null;
          summary: string | null;
        }>;
      }>('GET', '/audit-log?limit=100');
      const erasure = log.body.data.find((entry) => entry.summary === "Erased a contact's personal data");
      return erasure ? log.body.data : undefined;
    }, 'the erasure in the audit log');
    expect(audit.find((entry) => entry.summary === "Erased a contact's personal data")).toMatchObject({
      object_type: 'contact',
      object_id: contact.id,
      object_name: null,
    });
    // The person's own values, whole: a fragment such as the phone's "7700" also turns up inside
    // random record ids.
    const auditText = JSON.stringify(audit).toLowerCase();
    expect([person.first, ...values].filter((value) => auditText.includes(value.toLowerCase()))).toEqual([]);

    // Every store, journal, snapshot and blob of every service: the person is gone from disk.
    // Each service compacts its store once its part of the erasure is done; the last hits seen
    // are what a failure shows.
    let left = dataFilesHolding(values);
    await waitFor(() => {
      left = dataFilesHolding(values);
      return left.length === 0;
    }, 'no data file holding the person').catch(() => undefined);
    expect(left).toEqual([]);

    // Erasing again answers the same and deletes nothing more.
    expect(await api.ok('POST', `/contacts/${contact.id}/erase`, { confirm: 'ERASE' }, 200)).toEqual({
      erased: true,
      files_deleted: 0,
    });
    expect((await api.ok<{ first_name: string }>('GET', `/contacts/${contact.id}`, undefined, 200)).first_name).toBe(
      'Erased',
    );

    // Nothing fills an erased contact in again: no change, no merge either way, no new file.
    const refused = (answer: { status: number; body: Record<string, any> }) => ({
      status: answer.status,
      code: answer.body.error?.code,
      message: answer.body.error?.message,
    });
    expect(refused(await api.call('PATCH', `/contacts/${contact.id}`, { first_name: 'Back' }))).toMatchObject({
      status: 409,
      code: 'contact_erased',
    });
    const other = await api.ok<{ id: string }>('POST', '/contacts', { first_name: 'Other' }, 201);
    expect(refused(await api.call('POST', `/contacts/${other.id}/merge`, { source_ids: [contact.id] }))).toMatchObject({
      status: 409,
      code: 'contact_erased',
      message: expect.stringContaining('source_ids.0'),
    });
    expect(refused(await api.call('POST', `/contacts/${contact.id}/merge`, { source_ids: [other.id] }))).toMatchObject({
      status: 409,
      code: 'contact_erased',
    });
    expect((await api.ok<{ first_name: string }>('GET', `/contacts/${other.id}`, undefined, 200)).first_name).toBe(
      'Other',
    );
    const upload = {
      target_type: 'contact',
      target_id: contact.id,
      name: 'notes.txt',
      content_type: 'text/plain',
      size_bytes: 5,
    };
    expect(refused(await api.call('POST', '/documents', upload))).toMatchObject({
      status: 400,
      message: expect.stringContaining('target_id'),
    });
  });

  it('refuses without privacy:override, without the confirmation, and for another workspace', async () => {
    const owner = await signUpWithWorkspace(base, 'Olu');
    const api = client(owner);
    const contact = await api.ok<{ id: string }>(
      'POST',
      '/contacts',
      { first_name: 'Kept', last_name: 'Person', email: 'kept.person@example.org' },
      201,
    );

    const sales = await addMemberTo(system, owner, 'Sami', 'Sales');
    const seller = client(sales);
    expect((await seller.call('POST', `/contacts/${contact.id}/erase`, { confirm: 'ERASE' })).status).toBe(403);
    expect((await seller.call('GET', `/contacts/${contact.id}/personal-data`)).status).toBe(403);

    expectInvalid(await api.call('POST', `/contacts/${contact.id}/erase`, { confirm: 'erase' }), 'confirm');
    expectInvalid(await api.call('POST', `/contacts/${contact.id}/erase`, { confirm: 'YES' }), 'confirm');
    expectInvalid(await api.call('POST', `/contacts/${contact.id}/erase`, {}), 'confirm');
    expectInvalid(await api.call('POST', `/contacts/${contact.id}/erase`, { confirm: 'ERASE', also: 1 }), 'also');

    const stranger = client(await signUpWithWorkspace(base, 'Far'));
    expect((await stranger.call('POST', `/contacts/${contact.id}/erase`, { confirm: 'ERASE' })).body).toEqual({
      error: { code: 'not_found', message: expect.any(String) },
    });
    expect((await stranger.call('GET', `/contacts/${contact.id}/personal-data`)).status).toBe(404);
    expect(
      (await api.call('POST', '/contacts/0193a5f0-0000-7000-8000-000000000000/erase', { confirm: 'ERASE' })).status,
    ).toBe(404);

    // Nothing was erased by any refusal.
    expect(await api.ok('GET', `/contacts/${contact.id}`, undefined, 200)).toMatchObject({
      first_name: 'Kept',
      last_name: 'Person',
      email: 'kept.person@example.org',
    });
    expect(await api.ok('GET', `/contacts/${contact.id}/personal-data`, undefined, 200)).toMatchObject({
      erased: false,
      contact: { email: 'kept.person@example.org' },
    });
  });
});
