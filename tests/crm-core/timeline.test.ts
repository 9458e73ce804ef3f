import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { companiesApi, expectRefusal } from './companies-support';
import { dealsApi } from './deals-support';
import { timelineApi } from './timeline-support';

// Notes and calls as clients write them: the two shapes and their limits, who wrote an entry
// (a person by name, a key by its name), newest-first paging with stable cursors, a company's
// timeline with its contacts' entries (following a contact that changes company), targets of the
// workspace only, and one audit entry per entry a client wrote.
const system = sharedTestSystem();
const base = system.url;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('POST /activities', () => {
  it('adds a note and logs a call, labelled with the person who wrote them', async () => {
    const owner = await signUpWithWorkspace(base, 'Nora');
    const company = await companiesApi(base, owner).create({ name: 'Noted Ltd' });
    const timeline = timelineApi(base, owner);

    const note = await timeline.note('company', company.id, {
      subject: '  First meeting  ',
      body: 'They want a demo.\nNext week.',
    });
    expect(note).toEqual({
      id: expect.any(String),
      type: 'note',
      subject: 'First meeting',
      body: 'They want a demo.\nNext week.',
      outcome: null,
      target_type: 'company',
      target_id: company.id,
      actor_type: 'user',
      actor_id: owner.user.id,
      actor_label: 'Nora',
      occurred_at: expect.any(String),
    });
    const earlier = minutesAgo(90);
    const call = await timeline.call('POST', '/activities', {
      type: 'call',
      target_type: 'company',
      target_id: company.id,
      outcome: 'voicemail',
      occurred_at: earlier,
    });
    expect(call.status).toBe(201);
    expect(call.body).toMatchObject({
      type: 'call',
      outcome: 'voicemail',
      body: null,
      subject: null,
      occurred_at: earlier,
      actor_label: 'Nora',
    });

    const entries = await timeline.all({ target_type: 'company', target_id: company.id });
    // Newest first by when it happened: the call took place before the note was written.
    expect(entries.map((entry) => entry.id)).toEqual([note.id, call.body.id]);

    const audit = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?source=record', { token: owner.token });
      const items = (
        log.body.data as Array<{ object_type: string; object_id: string; actor: string; summary: string }>
      ).filter((item) => item.object_type === 'activity');
      return items.length === 2 ? items : undefined;
    }, 'two audit entries of timeline entries');
    expect(audit.map((item) => [item.object_id, item.actor, item.summary])).toEqual([
      [call.body.id, 'Nora', `Logged a call (voicemail) on company ${company.id}`],
      [note.id, 'Nora', `Added a note on company ${company.id}`],
    ]);
  });

  it('labels an entry written with an API key with the key’s name and kind', async () => {
    const owner = await signUpWithWorkspace(base, 'Kip');
    const company = await companiesApi(base, owner).create({ name: 'Keyed Ltd' });
    const app = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Nightly sync', kind: 'integration', role: 'Agent (read & write)' },
    });
    const agent = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Assistant', kind: 'agent', role: 'Agent (read & write)' },
    });
    expect([app.status, agent.status]).toEqual([201, 201]);
    const byApp = await timelineApi(base, { token: app.body.key }).note('company', company.id, { body: 'Synced' });
    const byAgent = await timelineApi(base, { token: agent.body.key }).note('company', company.id, {
      body: 'Summarised',
    });
    expect(byApp).toMatchObject({ actor_type: 'app', actor_id: app.body.id, actor_label: 'Nightly sync' });
    expect(byAgent).toMatchObject({ actor_type: 'agent', actor_id: agent.body.id, actor_label: 'Assistant' });
    const shown = await timelineApi(base, owner).all({ target_type: 'company', target_id: company.id });
    expect(shown.map((entry) => entry.actor_label)).toEqual(['Assistant', 'Nightly sync']);
    // A read-only key may read the timeline but not write it.
    const reader = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Reader', kind: 'agent' },
    });
    const refused = await timelineApi(base, { token: reader.body.key }).call('POST', '/activities', {
      type: 'note',
      target_type: 'company',
      target_id: company.id,
      body: 'x',
    });
    expect(refused.status).toBe(403);
  });

  it('refuses bad input with 400 naming the field, and the types the service writes', async () => {
    const owner = await signUpWithWorkspace(base, 'Bea');
    const company = await companiesApi(base, owner).create({ name: 'Strict Ltd' });
    const timeline = timelineApi(base, owner);
    const note = (fields: Record<string, unknown>) =>
      timeline.call('POST', '/activities', {
        type: 'note',
        target_type: 'company',
        target_id: company.id,
        body: 'x',
        ...fields,
      });
    const call = (fields: Record<string, unknown>) =>
      timeline.call('POST', '/activities', {
        type: 'call',
        target_type: 'company',
        target_id: company.id,
        outcome: 'connected',
        ...fields,
      });

    expectRefusal(
      await timeline.call('POST', '/activities', { target_type: 'company', target_id: company.id, body: 'x' }),
      'type',
    );
    for (const type of ['system', 'task', 'meeting', 'email', 'plugin']) {
      const answer = await note({ type });
      expectRefusal(answer, 'type');
      expect(answer.body.error.message).toBe(`type ${type} is written by the service; clients create note or call`);
    }
    expectRefusal(await note({ type: 'memo' }), 'type');
    expectRefusal(await note({ body: undefined }), 'body');
    expectRefusal(await note({ body: '' }), 'body');
    expectRefusal(await note({ body: 'x'.repeat(20001) }), 'body');
    expect((await note({ body: 'x'.repeat(20000) })).status).toBe(201);
    expectRefusal(await note({ subject: 'x'.repeat(201) }), 'subject');
    expectRefusal(await note({ subject: 'two\nlines' }), 'subject');
    expectRefusal(await note({ outcome: 'connected' }), 'outcome');
    expectRefusal(await note({ colour: 'red' }), 'colour');
    expectRefusal(await note({ target_type: 'campaign' }), 'target_type');
    expectRefusal(await note({ target_id: 'not-a-uuid' }), 'target_id');
    expectRefusal(await note({ target_id: undefined }), 'target_id');
    expectRefusal(await call({ outcome: undefined }), 'outcome');
    expectRefusal(await call({ outcome: 'busy' }), 'outcome');
    expectRefusal(await call({ subject: 'Calls have none' }), 'subject');
    expectRefusal(await call({ occurred_at: 'yesterday' }), 'occurred_at');
    expectRefusal(await call({ body: 'x'.repeat(20001) }), 'body');
    expect((await call({ body: null })).status).toBe(201);
    for (const outcome of ['connected', 'voicemail', 'no_answer', 'wrong_number', 'out_of_office', 'in_meeting']) {
      expect((await call({ outcome })).status).toBe(201);
    }
    // Nothing refused was written.
    expect(await timeline.all({ target_type: 'company', target_id: company.id })).toHaveLength(8);
  });

  it('writes only on records of the workspace outside the recycle bin: 400 naming target_id', async () => {
    const owner = await signUpWithWorkspace(base, 'Gil');
    const other = await signUpWithWorkspace(base, 'Hal');
    const companies = companiesApi(base, owner);
    const binned = await companies.create({ name: 'Binned Ltd' });
    expect((await companies.call('DELETE', `/companies/${binned.id}`)).status).toBe(204);
    const theirs = await companiesApi(base, other).create({ name: 'Theirs Ltd' });
    const theirContact = (
      await request(base, 'POST', '/contacts', { token: other.token, body: { first_name: 'Theirs' } })
    ).body;
    const theirDeal = await dealsApi(base, other).create({ name: 'Their deal' });
    const timeline = timelineApi(base, owner);
    const write = (target_type: string, target_id: string) =>
      timeline.call('POST', '/activities', { type: 'note', target_type, target_id, body: 'x' });
    for (const [type, id] of [
      ['company', binned.id],
      ['company', theirs.id],
      ['contact', theirContact.id],
      ['deal', theirDeal.id],
      ['contact', theirs.id],
    ] as const) {
      const answer = await write(type, id);
      expectRefusal(answer, 'target_id');
    }
    const deal = await dealsApi(base, owner).create({ name: 'Our deal' });
    expect((await write('deal', deal.id)).status).toBe(201);
    expect((await write('deal', deal.id.toUpperCase())).body.target_id).toBe(deal.id);
  });
});

describe('GET /activities', () => {
  it('pages newest first with cursors that new entries do not move', async () => {
    const owner = await signUpWithWorkspace(base, 'Pia');
    const company = await companiesApi(base, owner).create({ name: 'Paged Ltd' });
    const timeline = timelineApi(base, owner);
    const written = [];
    // Calls placed at known times, some sharing one instant (the id orders those).
    for (let index = 0; index < 7; index += 1) {
      const answer = await timeline.call('POST', '/activities', {
        type: 'call',
        target_type: 'company',
        target_id: company.id,
        outcome: 'connected',
        occurred_at: minutesAgo(100 - Math.floor(index / 2)),
      });
      written.push(answer.body);
    }
    const query = { target_type: 'company', target_id: company.id, limit: '3' };
    const first = await timeline.page(query);
    expect(first.data).toHaveLength(3);
    // A newer entry arrives between pages: it shows on a fresh first page, not on the next one.
    const newest = await timeline.note('company', company.id, { body: 'Later' });
    const rest = await timeline.all({ ...query, cursor: first.next_cursor! });
    const expected = [...written]
      .sort((a, b) =>
        a.occurred_at === b.occurred_at ? (a.id < b.id ? 1 : -1) : a.occurred_at < b.occurred_at ? 1 : -1,
      )
      .map((entry) => entry.id);
    expect([...first.data, ...rest].map((entry) => entry.id)).toEqual(expected);
    expect((await timeline.page({ ...query, limit: '1' })).data[0].id).toBe(newest.id);

    for (const [key, value] of [
      ['limit', '0'],
      ['limit', '51'],
      ['cursor', 'garbage'],
      ['include_contacts', 'maybe'],
      ['target_type', 'campaign'],
      ['target_id', 'x'],
      ['sort', 'asc'],
    ]) {
      const answer = await timeline.call(
        'GET',
        `/activities?${new URLSearchParams({ target_type: 'company', target_id: company.id, [key]: value }).toString()}`,
      );
      expectRefusal(answer, key);
    }
    expectRefusal(await timeline.call('GET', `/activities?target_type=company`), 'target_id');
    expectRefusal(await timeline.call('GET', `/activities?target_id=${company.id}`), 'target_type');
  });

  it('answers 404 for a target that is not a record of the workspace, and reads one in the recycle bin', async () => {
    const owner = await signUpWithWorkspace(base, 'Ida');
    const other = await signUpWithWorkspace(base, 'Jed');
    const theirs = await companiesApi(base, other).create({ name: 'Elsewhere Ltd' });
    await timelineApi(base, other).note('company', theirs.id);
    const timeline = timelineApi(base, owner);
    for (const [type, id] of [
      ['company', theirs.id],
      ['contact', theirs.id],
      ['deal', '0193a5f2-7c1e-7d3a-9f43-2a1b3c4d5e6f'],
    ]) {
      const answer = await timeline.call('GET', `/activities?target_type=${type}&target_id=${id}`);
      expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status: 404, code: 'not_found' });
    }
    const companies = companiesApi(base, owner);
    const binned = await companies.create({ name: 'Soon binned' });
    const note = await timeline.note('company', binned.id);
    expect((await companies.call('DELETE', `/companies/${binned.id}`)).status).toBe(204);
    expect(
      (await timeline.page({ target_type: 'company', target_id: binned.id })).data.map((entry) => entry.id),
    ).toEqual([note.id]);
  });

  it('shows a company’s contacts’ entries with include_contacts, following a contact that changes company', async () => {
    const owner = await signUpWithWorkspace(base, 'Cora');
    const companies = companiesApi(base, owner);
    const acme = await companies.create({ name: 'Acme' });
    const globex = await companies.create({ name: 'Globex' });
    const contact = (
      await request(base, 'POST', '/contacts', {
        token: owner.token,
        body: { first_name: 'Moving', company_id: acme.id },
      })
    ).body;
    const timeline = timelineApi(base, owner);
    const onCompany = await timeline.note('company', acme.id, { body: 'On Acme' });
    const onContact = await timeline.note('contact', contact.id, { body: 'On the contact' });
    const deal = await dealsApi(base, owner).create({ name: 'Acme deal', company_id: acme.id });
    await timeline.note('deal', deal.id, { body: 'On the deal' });

    const acmeQuery = { target_type: 'company', target_id: acme.id };
    expect((await timeline.all(acmeQuery)).map((entry) => entry.id)).toEqual([onContact.id, onCompany.id]);
    expect((await timeline.all({ ...acmeQuery, include_contacts: 'false' })).map((entry) => entry.id)).toEqual([
      onCompany.id,
    ]);
    expect((await timeline.all({ target_type: 'contact', target_id: contact.id })).map((entry) => entry.id)).toEqual([
      onContact.id,
    ]);

    // The contact moves to Globex: its entries go with it.
    expect(
      (await request(base, 'PATCH', `/contacts/${contact.id}`, { token: owner.token, body: { company_id: globex.id } }))
        .status,
    ).toBe(200);
    await timeline.until(
      { target_type: 'company', target_id: globex.id },
      (entries) => entries.some((entry) => entry.id === onContact.id),
      'the contact’s entry on Globex',
    );
    expect((await timeline.all(acmeQuery)).map((entry) => entry.id)).toEqual([onCompany.id]);
    // Written after the move, an entry of the contact shows on Globex at once.
    const later = await timeline.note('contact', contact.id, { body: 'At Globex now' });
    expect((await timeline.all({ target_type: 'company', target_id: globex.id })).map((entry) => entry.id)).toEqual([
      later.id,
      onContact.id,
    ]);
    // Without a company, on no company's timeline.
    expect(
      (await request(base, 'PATCH', `/contacts/${contact.id}`, { token: owner.token, body: { company_id: null } }))
        .status,
    ).toBe(200);
    await timeline.until(
      { target_type: 'company', target_id: globex.id },
      (entries) => entries.length === 0,
      'Globex without the contact’s entries',
    );
  });
});
