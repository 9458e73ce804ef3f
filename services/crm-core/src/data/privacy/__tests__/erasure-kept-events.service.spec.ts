import { isDeepStrictEqual } from 'node:util';
import { outboxModel, storedEvent, type OutboxRow } from '@crm/bus';
import { waitUntil, type ServiceHarness } from '@crm/testing';
import { createRecord, memberClaims, type MemberClaims } from '../../../records/__tests__/bin-support';
import { startCrmCoreWithErasurePeers, type CrmCoreWithErasurePeers } from './fake-erasure-peers';

// An erasure rewrites the events crm-core keeps in its outbox, in the erasing workspace only and
// there only what names the person: another workspace's contact with the same first name keeps
// every event, a parked one still parked; in the erasing workspace nothing is deleted, other
// people's events are left whole and a note naming the person loses only their name. (The feed
// and webhook deliveries through the gateway: tests/crm-core/privacy-isolation.test.ts.)
let started: CrmCoreWithErasurePeers;
let crm: ServiceHarness;
beforeAll(async () => {
  started = await startCrmCoreWithErasurePeers();
  crm = started.crm;
});
afterAll(async () => started.stop());

const outbox = () => outboxModel(crm.service.context.connection);

// The kept events of a workspace: id, status and envelope of each outbox row.
const keptEventsOf = async (claims: MemberClaims) =>
  (await outbox().find({ workspace_id: claims.workspace_id }).lean<OutboxRow[]>().exec()).map((row) => ({
    id: row._id,
    status: row.status,
    event: storedEvent(row),
  }));

const dataOf = (row: { event: { data: unknown } }) => row.event.data as Record<string, unknown>;

describe('kept events after an erasure', () => {
  it("leave another workspace's whole, and rewrite only the person's own and the text naming them", async () => {
    const erasing = memberClaims();
    const neighbour = memberClaims();
    // The neighbour's Ted: a three-letter first name, as in `created_at`.
    const theirTed = await createRecord(crm, neighbour, '/contacts', {
      first_name: 'Ted',
      last_name: 'Baker',
      email: 'ted.baker@example.net',
    });
    await createRecord(crm, neighbour, '/activities', {
      type: 'note',
      target_type: 'contact',
      target_id: theirTed,
      subject: 'Ted called',
      body: 'Ted Baker asked for a quote',
    });
    // In the erasing workspace: the person, someone else, and a note on a company naming the person.
    const ted = await createRecord(crm, erasing, '/contacts', {
      first_name: 'Ted',
      last_name: 'Lee',
      email: 'ted.lee@example.org',
    });
    const bob = await createRecord(crm, erasing, '/contacts', {
      first_name: 'Bob',
      last_name: 'Created',
      email: 'bob@example.org',
    });
    const company = await createRecord(crm, erasing, '/companies', { name: 'Tedious Widgets' });
    await createRecord(crm, erasing, '/activities', {
      type: 'note',
      target_type: 'company',
      target_id: company,
      subject: 'Lunch',
      body: 'Ted Lee liked the Tedious demo',
    });

    await waitUntil(
      () => keptEventsOf(neighbour),
      (rows) => rows.length > 0 && rows.every((row) => row.status === 'sent'),
      "the neighbour's events sent",
    );
    // One of the neighbour's events could not be published and waits for an operator.
    const parked = (await keptEventsOf(neighbour)).find((row) => row.event.type === 'crm.contact.created')!;
    await outbox().updateOne({ _id: parked.id }, { $set: { status: 'parked' } });
    const neighbourBefore = await keptEventsOf(neighbour);
    const ownBefore = await keptEventsOf(erasing);

    expect((await crm.call(erasing, 'POST', `/contacts/${ted}/erase`, { body: { confirm: 'ERASE' } })).body).toEqual({
      erased: true,
      files_deleted: 0,
    });
    expect(started.peers.asked).toEqual([`DeleteFilesOf ${ted}`, `ForgetMentions ${ted}`]);
    // The kept events are rewritten once the erasure's own event is consumed.
    const ownAfter = await waitUntil(
      () => keptEventsOf(erasing),
      (rows) =>
        rows.some(
          (row) =>
            row.event.type === 'crm.contact.created' &&
            dataOf(row).contact_id === ted &&
            dataOf(row).first_name === 'Erased',
        ),
      "the person's kept events rewritten",
    );

    // The neighbour: every kept event as it was, the parked one still parked.
    expect(await keptEventsOf(neighbour)).toEqual(neighbourBefore);
    expect(neighbourBefore.find((row) => row.id === parked.id)?.status).toBe('parked');
    expect(JSON.stringify(neighbourBefore)).toContain('ted.baker@example.net');

    // The erasing workspace: nothing deleted; the person's values gone from their events and from
    // the note naming them; Bob's events untouched.
    expect(ownAfter.map((row) => row.id)).toEqual(expect.arrayContaining(ownBefore.map((row) => row.id)));
    const about = (id: string) => ownAfter.filter((row) => dataOf(row).contact_id === id);
    expect(about(ted).length).toBeGreaterThan(0);
    expect(JSON.stringify(about(ted).map(dataOf))).not.toMatch(/ted\.lee|"Ted"|"Lee"/);
    expect(about(bob).length).toBeGreaterThan(0);
    for (const row of about(bob))
      expect(isDeepStrictEqual(row.event, ownBefore.find((before) => before.id === row.id)?.event)).toBe(true);
    const note = ownAfter.find(
      (row) => row.event.type === 'crm.activity.created' && dataOf(row).target_id === company,
    )!;
    expect(note.event.data).toMatchObject({ subject: 'Lunch', body: '[erased] liked the Tedious demo' });
  });
});
