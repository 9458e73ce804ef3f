import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema, type Connection, type Model } from 'mongoose';
import { connectDatabase, pingDatabase } from '../database';
import { tenantScoped, UnscopedQueryError } from '../tenancy';

interface Note {
  workspace_id: string;
  text: string;
}

let dataDir: string;
let connection: Connection;
let Notes: Model<Note>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kit-tenancy-'));
  connection = await connectDatabase({ service: 'tenancy-test', dataDir });
  const schema = new Schema<Note>({ text: String });
  schema.plugin(tenantScoped);
  Notes = connection.model<Note>('Note', schema);
  await Notes.create([
    { workspace_id: 'w1', text: 'mine' },
    { workspace_id: 'w2', text: 'theirs' },
  ]);
});

afterAll(async () => {
  await connection.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('tenant scoping', () => {
  it('answers a scoped query with that workspace only', async () => {
    const found = await Notes.find({ workspace_id: 'w1' }).lean();
    expect(found.map((note) => note.text)).toEqual(['mine']);
    expect(await Notes.countDocuments({ workspace_id: 'w2' })).toBe(1);
  });

  it('refuses every kind of unscoped query instead of reading across workspaces', async () => {
    await expect(Notes.find({ text: 'theirs' })).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(Notes.findOne({})).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(Notes.countDocuments()).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(Notes.updateMany({}, { text: 'x' })).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(Notes.deleteMany({ text: 'mine' })).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(Notes.findOneAndUpdate({ text: 'mine' }, { text: 'y' })).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(Notes.aggregate([{ $match: { text: 'mine' } }])).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(Notes.estimatedDocumentCount()).rejects.toBeInstanceOf(UnscopedQueryError);
    expect(await Notes.countDocuments({ workspace_id: { $in: ['w1', 'w2'] } })).toBe(2);
  });

  it('requires a workspace on every new document', async () => {
    await expect(Notes.create({ text: 'orphan' })).rejects.toThrow(/workspace_id/);
  });

  it('reports the embedded database as reachable', async () => {
    await expect(pingDatabase(connection)).resolves.toBeUndefined();
  });
});
