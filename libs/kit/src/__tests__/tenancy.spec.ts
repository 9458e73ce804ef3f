import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema, type Connection, type Model } from 'mongoose';
import { connectDatabase, pingDatabase, syncIndexes } from '../database';
import { newId } from '../ids';
import { runWithContext } from '../request-context';
import {
  acrossWorkspaces,
  CrossTenantQueryError,
  dropRedundantWorkspaceIndexes,
  globalCollection,
  tenancyOf,
  TenancyError,
  tenantScoped,
  UndeclaredModelError,
  UnscopedQueryError,
  WorkspaceChangeError,
} from '../tenancy';

interface Note {
  _id: string;
  workspace_id: string;
  text: string;
}

interface Tag {
  _id: string;
  workspace_id: string;
  note_id: string;
  label: string;
}

interface Person {
  _id: string;
  name: string;
  note_id: string;
}

let dataDir: string;
let connection: Connection;
let Notes: Model<Note>;
let Tags: Model<Tag>;
let People: Model<Person>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kit-tenancy-'));
  connection = await connectDatabase({ service: 'tenancy-test', dataDir });
  const noteSchema = new Schema<Note>({ _id: String, text: String }, { collection: 'notes', versionKey: false });
  noteSchema.plugin(tenantScoped);
  Notes = connection.model<Note>('Note', noteSchema);
  const tagSchema = new Schema<Tag>(
    { _id: String, note_id: String, label: String },
    { collection: 'tags', versionKey: false },
  );
  tagSchema.plugin(tenantScoped);
  Tags = connection.model<Tag>('Tag', tagSchema);
  const personSchema = new Schema<Person>(
    { _id: String, name: String, note_id: String },
    { collection: 'people', versionKey: false },
  );
  personSchema.plugin(globalCollection, { reason: 'people belong to no workspace' });
  People = connection.model<Person>('Person', personSchema);
  await syncIndexes(connection);
});

afterAll(async () => {
  await connection.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Two fresh tenants, each with one note and one tag on it, written as each tenant would.
async function twoTenants() {
  const mine = newId();
  const theirs = newId();
  for (const workspace of [mine, theirs]) {
    await inWorkspace(workspace, async () => {
      const note = await Notes.create({ _id: newId(), workspace_id: workspace, text: `note of ${workspace}` });
      await Tags.create({ _id: newId(), workspace_id: workspace, note_id: note._id, label: `tag of ${workspace}` });
    });
  }
  return { mine, theirs };
}

function inWorkspace<T>(workspaceId: string, work: () => Promise<T>): Promise<T> {
  return runWithContext({ request_id: newId(), workspace_id: workspaceId }, work);
}

// What each tenant holds, read the legitimate way.
async function textsOf(workspaceId: string): Promise<string[]> {
  const notes = await Notes.find({ workspace_id: workspaceId }).sort({ text: 1 }).lean<Note[]>();
  return notes.map((note) => note.text);
}

describe('the caller’s workspace', () => {
  it('serves every kind of operation scoped to the caller’s workspace', async () => {
    const { mine, theirs } = await twoTenants();
    await inWorkspace(mine, async () => {
      expect(await textsOf(mine)).toEqual([`note of ${mine}`]);
      expect(await Notes.countDocuments({ workspace_id: { $in: [mine] } })).toBe(1);
      expect(await Notes.distinct('text', { workspace_id: mine })).toEqual([`note of ${mine}`]);
      await Notes.updateMany({ workspace_id: mine }, { $set: { text: 'edited' } });
      await Notes.insertMany([{ _id: newId(), workspace_id: mine, text: 'second' }], { lean: true });
      const note = await Notes.findOne({ workspace_id: mine, text: 'second' }).orFail();
      note.text = 'saved';
      await note.save();
      await Notes.bulkWrite([
        { insertOne: { document: { _id: newId(), workspace_id: mine, text: 'bulk' } } },
        { updateOne: { filter: { workspace_id: mine, text: 'edited' }, update: { $set: { text: 'bulk edited' } } } },
      ]);
      const grouped = await Notes.aggregate<{ _id: string; count: number }>([
        { $match: { workspace_id: mine } },
        { $group: { _id: '$workspace_id', count: { $sum: 1 } } },
      ]);
      expect(grouped).toEqual([{ _id: mine, count: 3 }]);
      await Notes.deleteOne({ workspace_id: mine, text: 'bulk' });
      expect(await textsOf(mine)).toEqual(['bulk edited', 'saved']);
    });
    expect(await textsOf(theirs)).toEqual([`note of ${theirs}`]);
  });

  it('refuses an operation that names another workspace, or an $in that includes one', async () => {
    const { mine, theirs } = await twoTenants();
    await inWorkspace(mine, async () => {
      await expect(Notes.find({ workspace_id: theirs })).rejects.toBeInstanceOf(CrossTenantQueryError);
      await expect(Notes.find({ workspace_id: { $in: [mine, theirs] } })).rejects.toBeInstanceOf(CrossTenantQueryError);
      await expect(
        Notes.countDocuments({ $and: [{ workspace_id: mine }, { workspace_id: { $eq: theirs } }] }),
      ).rejects.toBeInstanceOf(CrossTenantQueryError);
      await expect(Notes.updateOne({ workspace_id: theirs }, { text: 'hijacked' })).rejects.toBeInstanceOf(
        CrossTenantQueryError,
      );
      await expect(Notes.deleteMany({ workspace_id: theirs })).rejects.toBeInstanceOf(CrossTenantQueryError);
      await expect(Notes.create({ _id: newId(), workspace_id: theirs, text: 'planted' })).rejects.toBeInstanceOf(
        CrossTenantQueryError,
      );
    });
    expect(await textsOf(theirs)).toEqual([`note of ${theirs}`]);
  });

  it('refuses every kind of unscoped operation', async () => {
    const { mine, theirs } = await twoTenants();
    await inWorkspace(mine, async () => {
      await expect(Notes.find({ text: `note of ${theirs}` })).rejects.toBeInstanceOf(UnscopedQueryError);
      await expect(Notes.findOne({})).rejects.toBeInstanceOf(UnscopedQueryError);
      await expect(Notes.countDocuments()).rejects.toBeInstanceOf(UnscopedQueryError);
      await expect(Notes.updateMany({}, { text: 'x' })).rejects.toBeInstanceOf(UnscopedQueryError);
      await expect(Notes.findOneAndUpdate({ text: 'x' }, { text: 'y' })).rejects.toBeInstanceOf(UnscopedQueryError);
      await expect(Notes.deleteMany({ workspace_id: { $ne: mine } })).rejects.toBeInstanceOf(UnscopedQueryError);
      await expect(Notes.find({ $or: [{ workspace_id: mine }, { text: 'x' }] })).rejects.toBeInstanceOf(
        UnscopedQueryError,
      );
      await expect(Notes.estimatedDocumentCount()).rejects.toBeInstanceOf(UnscopedQueryError);
    });
    expect(await textsOf(theirs)).toEqual([`note of ${theirs}`]);
  });
});

describe('outside a request context (start-up, sign-in, Authenticate)', () => {
  it('serves an operation that names its one workspace', async () => {
    const { mine } = await twoTenants();
    expect(await textsOf(mine)).toEqual([`note of ${mine}`]);
    await Notes.updateOne({ workspace_id: mine }, { $set: { text: 'named' } });
    expect(await textsOf(mine)).toEqual(['named']);
  });

  it('refuses an unscoped operation and a silent $in over several workspaces', async () => {
    const { mine, theirs } = await twoTenants();
    await expect(Notes.find({})).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(Notes.find({ workspace_id: { $in: [mine, theirs] } })).rejects.toBeInstanceOf(CrossTenantQueryError);
    await expect(
      Notes.insertMany([
        { _id: newId(), workspace_id: mine, text: 'a' },
        { _id: newId(), workspace_id: theirs, text: 'b' },
      ]),
    ).rejects.toBeInstanceOf(TenancyError);
    expect(await textsOf(mine)).toEqual([`note of ${mine}`]);
    expect(await textsOf(theirs)).toEqual([`note of ${theirs}`]);
  });

  it('treats a context without a workspace (before onboarding) like no context', async () => {
    const { mine, theirs } = await twoTenants();
    await runWithContext({ request_id: newId(), workspace_id: null }, async () => {
      expect(await textsOf(mine)).toEqual([`note of ${mine}`]);
      await expect(Notes.find({ workspace_id: { $in: [mine, theirs] } })).rejects.toBeInstanceOf(CrossTenantQueryError);
    });
  });
});

describe('acrossWorkspaces, the one escape hatch', () => {
  it('reads across workspaces when asked by name, with a reason', async () => {
    const { mine, theirs } = await twoTenants();
    const read = () =>
      Notes.find({ workspace_id: { $in: [mine, theirs] } })
        .sort({ text: 1 })
        .lean<Note[]>();
    const texts = await acrossWorkspaces('test: one person’s workspaces', async () =>
      (await read()).map((note) => note.text),
    );
    expect(texts).toEqual([`note of ${mine}`, `note of ${theirs}`].sort());
    // Also from inside a tenant's request, e.g. switching a session into another workspace.
    const fromRequest = await inWorkspace(mine, () => acrossWorkspaces('test: switch workspace', read));
    expect(fromRequest).toHaveLength(2);
    expect(() => acrossWorkspaces(' ', () => 1)).toThrow(TenancyError);
  });

  it('does not follow into a new context started inside it', async () => {
    const { mine, theirs } = await twoTenants();
    const inner = acrossWorkspaces('test: nested', () =>
      inWorkspace(mine, async () => await Notes.find({ workspace_id: theirs }).lean()),
    );
    await expect(inner).rejects.toBeInstanceOf(CrossTenantQueryError);
  });

  it('still requires a workspace on new documents and keeps it immutable', async () => {
    const { mine, theirs } = await twoTenants();
    await acrossWorkspaces('test: sweep', async () => {
      await expect(Notes.insertMany([{ _id: newId(), text: 'orphan' }], { lean: true })).rejects.toBeInstanceOf(
        UnscopedQueryError,
      );
      await expect(Notes.updateMany({ workspace_id: mine }, { $set: { workspace_id: theirs } })).rejects.toBeInstanceOf(
        WorkspaceChangeError,
      );
    });
    expect(await textsOf(mine)).toEqual([`note of ${mine}`]);
  });
});

describe('the bypasses a probe found', () => {
  it('bulkWrite: an unscoped or foreign operation is refused and no tenant changes', async () => {
    const { mine, theirs } = await twoTenants();
    await inWorkspace(mine, async () => {
      await expect(
        Notes.bulkWrite([{ updateMany: { filter: {}, update: { $set: { text: 'everyone' } } } }]),
      ).rejects.toBeInstanceOf(UnscopedQueryError);
      await expect(
        Notes.bulkWrite([
          { updateOne: { filter: { workspace_id: mine }, update: { $set: { text: 'fine' } } } },
          { deleteMany: { filter: { workspace_id: theirs } } },
        ]),
      ).rejects.toBeInstanceOf(CrossTenantQueryError);
      await expect(Notes.bulkWrite([{ insertOne: { document: { _id: newId(), text: 'orphan' } } }])).rejects.toThrow(
        /workspace_id/,
      );
      await expect(Notes.collection.bulkWrite([{ deleteMany: { filter: {} } }])).rejects.toBeInstanceOf(
        UnscopedQueryError,
      );
    });
    await expect(Notes.bulkWrite([{ deleteMany: { filter: {} } }])).rejects.toBeInstanceOf(UnscopedQueryError);
    expect(await textsOf(mine)).toEqual([`note of ${mine}`]);
    expect(await textsOf(theirs)).toEqual([`note of ${theirs}`]);
  });

  it('aggregate: $lookup, $unionWith, $graphLookup and $facet cannot reach another tenant', async () => {
    const { mine, theirs } = await twoTenants();
    const matchMine = { $match: { workspace_id: mine } };
    await inWorkspace(mine, async () => {
      const refusals: Array<[unknown[], new (...args: never[]) => Error]> = [
        [
          [matchMine, { $lookup: { from: 'tags', localField: '_id', foreignField: 'note_id', as: 'tags' } }],
          UnscopedQueryError,
        ],
        [
          [matchMine, { $lookup: { from: 'tags', as: 'tags', pipeline: [{ $match: { workspace_id: theirs } }] } }],
          CrossTenantQueryError,
        ],
        [
          [matchMine, { $lookup: { from: 'tags', as: 'tags', pipeline: [{ $sort: { label: 1 } }] } }],
          UnscopedQueryError,
        ],
        [[matchMine, { $unionWith: 'tags' }], UnscopedQueryError],
        [
          [
            matchMine,
            { $unionWith: { coll: 'notes', pipeline: [{ $match: { workspace_id: { $in: [mine, theirs] } } }] } },
          ],
          CrossTenantQueryError,
        ],
        [
          [
            matchMine,
            {
              $graphLookup: {
                from: 'notes',
                startWith: '$_id',
                connectFromField: '_id',
                connectToField: '_id',
                as: 'g',
              },
            },
          ],
          UnscopedQueryError,
        ],
        [
          [
            matchMine,
            { $facet: { all: [{ $lookup: { from: 'tags', localField: '_id', foreignField: 'note_id', as: 't' } }] } },
          ],
          UnscopedQueryError,
        ],
        [[matchMine, { $merge: { into: 'notes' } }], CrossTenantQueryError],
        [[{ $sort: { text: 1 } }, matchMine], UnscopedQueryError],
      ];
      for (const [pipeline, error] of refusals) {
        await expect(Notes.aggregate(pipeline as never[])).rejects.toBeInstanceOf(error);
      }
      // Through an aggregation cursor too, reported on the cursor.
      const viaCursor = async () => {
        for await (const note of Notes.aggregate([{ $match: {} }]).cursor()) return note;
        return null;
      };
      await expect(viaCursor()).rejects.toBeInstanceOf(UnscopedQueryError);
      expect(() => Notes.watch()).toThrow(UnscopedQueryError);
      // A global model's lookup into a tenant collection is held to the same rule.
      await expect(
        People.aggregate([{ $lookup: { from: 'notes', localField: 'note_id', foreignField: '_id', as: 'notes' } }]),
      ).rejects.toBeInstanceOf(UnscopedQueryError);
      // Scoped sub-pipelines of the caller's own workspace run.
      const joined = await Notes.aggregate<{ tags: Tag[]; others: Note[] }>([
        matchMine,
        { $lookup: { from: 'tags', as: 'tags', pipeline: [{ $match: { workspace_id: mine } }] } },
        { $facet: { others: [{ $project: { text: 1 } }] } },
        { $project: { tags: [], others: '$others' } },
      ]);
      expect(joined).toHaveLength(1);
    });
  });

  it('aggregate: a scoped $lookup joins only the caller’s documents', async () => {
    const { mine } = await twoTenants();
    const joined = await inWorkspace(mine, () =>
      Notes.aggregate<{ labels: Array<{ label: string }> }>([
        { $match: { workspace_id: mine } },
        {
          $lookup: {
            from: 'tags',
            as: 'labels',
            pipeline: [{ $match: { workspace_id: mine } }, { $project: { _id: 0, label: 1 } }],
          },
        },
      ]),
    );
    expect(joined.map((note) => note.labels)).toEqual([[{ label: `tag of ${mine}` }]]);
  });

  it('$set, $unset, $rename and replacement of workspace_id are refused; the same value is a no-op', async () => {
    const { mine, theirs } = await twoTenants();
    await inWorkspace(mine, async () => {
      await expect(Notes.updateOne({ workspace_id: mine }, { $set: { workspace_id: theirs } })).rejects.toBeInstanceOf(
        WorkspaceChangeError,
      );
      await expect(Notes.updateOne({ workspace_id: mine }, { workspace_id: theirs })).rejects.toBeInstanceOf(
        WorkspaceChangeError,
      );
      await expect(Notes.updateOne({ workspace_id: mine }, { $unset: { workspace_id: 1 } })).rejects.toBeInstanceOf(
        WorkspaceChangeError,
      );
      await expect(
        Notes.updateOne({ workspace_id: mine }, { $rename: { workspace_id: 'former' } }),
      ).rejects.toBeInstanceOf(WorkspaceChangeError);
      await expect(
        Notes.updateOne({ workspace_id: mine }, { $rename: { text: 'workspace_id' } }),
      ).rejects.toBeInstanceOf(WorkspaceChangeError);
      await expect(
        Notes.updateOne({ workspace_id: mine }, [{ $set: { workspace_id: theirs } }]),
      ).rejects.toBeInstanceOf(WorkspaceChangeError);
      await expect(
        Notes.findOneAndUpdate({ workspace_id: mine }, { $set: { workspace_id: theirs } }),
      ).rejects.toBeInstanceOf(WorkspaceChangeError);
      await expect(
        Notes.replaceOne({ workspace_id: mine }, { _id: newId(), workspace_id: theirs, text: 'moved' }),
      ).rejects.toBeInstanceOf(WorkspaceChangeError);
      await expect(
        Notes.bulkWrite([
          { updateOne: { filter: { workspace_id: mine }, update: { $set: { workspace_id: theirs } } } },
        ]),
      ).rejects.toBeInstanceOf(WorkspaceChangeError);
      await expect(
        Notes.collection.updateMany({ workspace_id: mine }, { $set: { workspace_id: theirs } }),
      ).rejects.toBeInstanceOf(WorkspaceChangeError);
      // Writing a record back whole, its own workspace included, changes nothing.
      await Notes.updateOne({ workspace_id: mine }, { $set: { workspace_id: mine, text: 'written back' } });
    });
    expect(await textsOf(mine)).toEqual(['written back']);
    expect(await textsOf(theirs)).toEqual([`note of ${theirs}`]);
  });

  it('a replacement that leaves workspace_id out stays in its workspace', async () => {
    const { mine } = await twoTenants();
    await inWorkspace(mine, async () => {
      const note = await Notes.findOne({ workspace_id: mine }).lean<Note>().orFail();
      await Notes.replaceOne({ workspace_id: mine, _id: note._id }, { text: 'replaced' });
    });
    expect(await textsOf(mine)).toEqual(['replaced']);
  });

  it('save(): a loaded document cannot be moved to another workspace', async () => {
    const { mine, theirs } = await twoTenants();
    await inWorkspace(mine, async () => {
      const note = await Notes.findOne({ workspace_id: mine }).orFail();
      note.workspace_id = theirs;
      note.text = 'saved';
      await note.save();
      expect(note.workspace_id).toBe(mine);
      const removed = await Notes.findOne({ workspace_id: mine }).orFail();
      await removed.deleteOne();
    });
    // The save kept it in its workspace, and the document's own deleteOne was scoped to it.
    expect(await textsOf(mine)).toEqual([]);
    expect(await textsOf(theirs)).toEqual([`note of ${theirs}`]);
  });

  it('insertMany with lean: true cannot insert without workspace_id or into another tenant', async () => {
    const { mine, theirs } = await twoTenants();
    await inWorkspace(mine, async () => {
      await expect(Notes.insertMany([{ _id: newId(), text: 'orphan' }], { lean: true })).rejects.toBeInstanceOf(
        UnscopedQueryError,
      );
      await expect(
        Notes.insertMany([{ _id: newId(), workspace_id: theirs, text: 'planted' }], { lean: true }),
      ).rejects.toBeInstanceOf(CrossTenantQueryError);
      await expect(Notes.create({ _id: newId(), text: 'orphan' })).rejects.toThrow(/workspace_id/);
    });
    expect(await textsOf(mine)).toEqual([`note of ${mine}`]);
    expect(await textsOf(theirs)).toEqual([`note of ${theirs}`]);
  });

  it('Model.collection and connection.collection() are guarded like the model', async () => {
    const { mine, theirs } = await twoTenants();
    await inWorkspace(mine, async () => {
      await expect(Notes.collection.updateMany({}, { $set: { text: 'everyone' } })).rejects.toBeInstanceOf(
        UnscopedQueryError,
      );
      expect(() => Notes.collection.find({})).toThrow(UnscopedQueryError);
      expect(() => connection.collection('notes').find({ workspace_id: theirs })).toThrow(CrossTenantQueryError);
      await expect(Notes.collection.insertOne({ _id: newId() as never, text: 'orphan' })).rejects.toBeInstanceOf(
        UnscopedQueryError,
      );
      await expect(Notes.collection.deleteMany({ workspace_id: theirs })).rejects.toBeInstanceOf(CrossTenantQueryError);
      await expect(Notes.collection.drop()).rejects.toBeInstanceOf(UnscopedQueryError);
      // The caller's own documents, named, through the raw collection.
      expect(await Notes.collection.countDocuments({ workspace_id: mine })).toBe(1);
    });
    expect(await textsOf(theirs)).toEqual([`note of ${theirs}`]);
  });
});

describe('the index of a tenant-scoped collection', () => {
  const keysOf = async (model: Model<unknown>) =>
    (await model.collection.listIndexes().toArray()).map((index) => Object.keys(index.key as object).join(','));

  it('is one that leads with workspace_id: none of workspace_id alone beside it, one when there is none', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'kit-tenancy-indexes-'));
    const other = await connectDatabase({ service: 'tenancy-indexes', dataDir: directory });
    try {
      const led = new Schema({ _id: String, label: String }, { collection: 'led' });
      led.plugin(tenantScoped);
      led.index({ workspace_id: 1, label: 1 });
      const plain = new Schema({ _id: String, label: String }, { collection: 'plain' });
      plain.plugin(tenantScoped);
      plain.index({ label: 1 });
      const Led = other.model<unknown>('Led', led);
      const Plain = other.model<unknown>('Plain', plain);
      await syncIndexes(other);
      expect(await keysOf(Led)).toEqual(['_id', 'workspace_id,label']);
      expect((await keysOf(Plain)).sort()).toEqual(['_id', 'label', 'workspace_id']);

      // As an earlier version left the store: workspace_id indexed alone in every collection.
      await Led.collection.createIndex({ workspace_id: 1 });
      expect(await dropRedundantWorkspaceIndexes(other)).toBe(1);
      expect(await keysOf(Led)).toEqual(['_id', 'workspace_id,label']);
      expect((await keysOf(Plain)).sort()).toEqual(['_id', 'label', 'workspace_id']);
      expect(await dropRedundantWorkspaceIndexes(other)).toBe(0);
    } finally {
      await other.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('every model declares its tenancy', () => {
  it('refuses to start with a model that is neither tenant-scoped nor global', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'kit-tenancy-declared-'));
    const other = await connectDatabase({ service: 'tenancy-declared', dataDir: directory });
    try {
      other.model('Forgotten', new Schema({ name: String }, { collection: 'forgotten' }));
      await expect(syncIndexes(other)).rejects.toBeInstanceOf(UndeclaredModelError);
      other.deleteModel('Forgotten');
      const declared = new Schema({ name: String }, { collection: 'forgotten' });
      declared.plugin(globalCollection, { reason: 'test' });
      other.model('Forgotten', declared);
      await expect(syncIndexes(other)).resolves.toBeUndefined();
    } finally {
      await other.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('needs a reason to declare a collection global, and one kind per schema', () => {
    expect(() => new Schema({}).plugin(globalCollection)).toThrow(TenancyError);
    const both = new Schema({});
    both.plugin(tenantScoped);
    expect(() => both.plugin(globalCollection, { reason: 'x' })).toThrow(TenancyError);
    expect(tenancyOf(Notes)).toEqual({ kind: 'tenant' });
    expect(tenancyOf(People)).toEqual({ kind: 'global', reason: 'people belong to no workspace' });
  });

  it('no service reaches the driver under mongoose (connection.db, getClient, collection.collection)', () => {
    const root = join(__dirname, '..', '..', '..', '..');
    const offenders: string[] = [];
    const walk = (directory: string) => {
      for (const entry of readdirSync(directory)) {
        const path = join(directory, entry);
        if (entry === 'node_modules' || entry === 'dist') continue;
        if (statSync(path).isDirectory()) walk(path);
        else if (
          path.endsWith('.ts') &&
          /\.db\b[!?]?\.|getClient\(|\.collection\.collection\b/.test(readFileSync(path, 'utf8'))
        )
          offenders.push(path);
      }
    };
    walk(join(root, 'services'));
    expect(offenders).toEqual([]);
  });

  it('reports the embedded database as reachable', async () => {
    await expect(pingDatabase(connection)).resolves.toBeUndefined();
  });
});
