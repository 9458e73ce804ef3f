import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, newId } from '@crm/kit';
import type { Connection } from 'mongoose';
import { auditEntryModel, registerAuditEntryModel, type AuditEntryRecord } from '../audit-entry.model';
import { mentionsOf } from '../../shared/mentions';
import { forgetAuditMentions, listAuditEntriesAbout } from '../audit-privacy';

describe('the audit log in a subject access request and an erasure', () => {
  let dataDir: string;
  let connection: Connection;
  const workspace = newId();
  const other = newId();
  const contact = newId();

  const entry = (fields: Partial<AuditEntryRecord>): AuditEntryRecord => ({
    _id: newId(),
    workspace_id: workspace,
    event_type: 'crm.contact.updated',
    source: 'record',
    at: '2027-01-01T10:00:00.000Z',
    action: 'updated',
    object_type: 'contact',
    object_id: contact,
    object_name: 'Ann Lee',
    actor_type: 'user',
    actor: 'Priya',
    summary: 'Updated contact "Ann Lee"',
    ...fields,
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'audit-privacy-'));
    connection = await connectDatabase({ service: 'identity-test', dataDir });
    registerAuditEntryModel(connection);
  });

  afterAll(async () => {
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the entries about the object, newest first, in its workspace only', async () => {
    const older = entry({
      at: '2027-01-01T09:00:00.000Z',
      action: 'created',
      event_type: 'crm.contact.created',
      summary: 'Created contact "Ann Lee"',
    });
    const newer = entry({});
    const elsewhere = entry({ workspace_id: other });
    await auditEntryModel(connection).create([
      older,
      newer,
      elsewhere,
      entry({ object_id: newId(), object_name: 'Bob', summary: 'Updated contact "Bob"' }),
    ]);
    const { entries } = await listAuditEntriesAbout(connection, {
      workspace_id: workspace,
      object_type: 'contact',
      object_id: contact.toUpperCase(),
    });
    expect(entries.map((item) => [item.id, item.summary])).toEqual([
      [newer._id, 'Updated contact "Ann Lee"'],
      [older._id, 'Created contact "Ann Lee"'],
    ]);
  });

  it('forgets the name in entries about the object and the terms anywhere in the workspace, nowhere else', async () => {
    const note = entry({
      object_type: 'activity',
      object_id: newId(),
      object_name: 'Lunch with ANN LEE',
      summary: 'Added a note on company x',
      event_type: 'crm.activity.created',
      action: 'created',
    });
    const mail = entry({
      object_type: 'deal',
      object_id: newId(),
      object_name: 'Renewal',
      summary: 'Deal "Renewal" for ann.lee@example.com',
    });
    const annual = entry({
      object_type: 'deal',
      object_id: newId(),
      object_name: 'Annual plan',
      summary: 'Created deal "Annual plan"',
    });
    const theirs = entry({
      workspace_id: other,
      object_type: 'activity',
      object_id: newId(),
      object_name: 'Lunch with Ann Lee',
    });
    await auditEntryModel(connection).create([note, mail, annual, theirs]);

    const object = { workspace_id: workspace, object_type: 'contact', object_id: contact };
    const changed = await forgetAuditMentions(
      connection,
      object,
      mentionsOf(['Ann Lee', 'ann.lee@example.com', 'Ann', 'Al']),
    );

    // The two entries about the contact, the note and the deal mentioning the email.
    expect(changed).toBe(4);
    const about = await auditEntryModel(connection)
      .find({ workspace_id: workspace, object_id: contact })
      .lean<AuditEntryRecord[]>()
      .exec();
    expect(about.map((item) => [item.object_name, item.summary]).sort()).toEqual([
      [null, 'Created contact'],
      [null, 'Updated contact'],
    ]);
    const read = async (id: string, workspaceId = workspace) =>
      auditEntryModel(connection).findOne({ _id: id, workspace_id: workspaceId }).lean<AuditEntryRecord>().exec();
    expect(await read(note._id)).toMatchObject({
      object_name: 'Lunch with [erased]',
      summary: 'Added a note on company x',
    });
    expect(await read(mail._id)).toMatchObject({ object_name: 'Renewal', summary: 'Deal "Renewal" for [erased]' });
    expect(await read(annual._id)).toMatchObject({ object_name: 'Annual plan', summary: 'Created deal "Annual plan"' });
    expect(await read(theirs._id, other)).toMatchObject({ object_name: 'Lunch with Ann Lee' });
    // A second call finds nothing left to change.
    expect(await forgetAuditMentions(connection, object, mentionsOf(['Ann Lee', 'ann.lee@example.com']))).toBe(0);
  });

  it('finds the person in every entry of a workspace larger than a page, entries sharing a time included', async () => {
    const workspaceId = newId();
    // 700 entries over three pages of 250, ten at each instant; every seventh names the person.
    const entries = Array.from({ length: 700 }, (_, index) =>
      entry({
        workspace_id: workspaceId,
        object_type: 'deal',
        object_id: newId(),
        at: `2027-02-01T10:00:${String(Math.floor(index / 10) % 60).padStart(2, '0')}.${String(Math.floor(index / 600)).padStart(3, '0')}Z`,
        object_name: index % 7 === 0 ? `Deal for Grace Hopper ${index}` : `Deal ${index}`,
        summary: `Created deal ${index}`,
      }),
    );
    await auditEntryModel(connection).insertMany(entries);

    const object = { workspace_id: workspaceId, object_type: 'contact', object_id: newId() };
    expect(await forgetAuditMentions(connection, object, mentionsOf(['Grace Hopper']))).toBe(100);

    const names = await auditEntryModel(connection)
      .find({ workspace_id: workspaceId })
      .lean<AuditEntryRecord[]>()
      .exec();
    expect(names).toHaveLength(700);
    expect(names.filter((item) => item.object_name?.includes('Grace'))).toEqual([]);
    expect(names.filter((item) => item.object_name?.startsWith('Deal for [erased] '))).toHaveLength(100);
  });
});
