import { field, newId, schemaOf, tenantScoped } from '@crm/kit';
import { Schema, type Connection, type Model } from 'mongoose';
import { makeEvent, type EventEnvelope } from '../event-envelope';
import { InProcessBroker, InProcessEventBus } from '../in-process-bus';
import {
  PROJECTION_FIELDS,
  applyRecordState,
  applyRecordStates,
  projectionBatchHandler,
  projectionHandler,
  rebuildProjection,
  type ProjectedFields,
  type RecordState,
} from '../projection';
import { openTestDatabase, type TestDatabase } from './database';
import { testLogger } from './helpers';

// A read model of another service's companies: the names shown on deals (seq: a stamp some
// read models put on what they store, see applyRecordStates).
interface CompanyName {
  workspace_id: string;
  name: string;
  seq?: number;
}
type CompanyNameDocument = ProjectedFields & CompanyName;

const companyNames = (connection: Connection): Model<CompanyNameDocument> =>
  (connection.models.BusTestCompanyName as Model<CompanyNameDocument> | undefined) ??
  connection.model<CompanyNameDocument>(
    'BusTestCompanyName',
    new Schema<CompanyNameDocument>(
      schemaOf({ ...PROJECTION_FIELDS, workspace_id: field.string(), name: field.string(), seq: field.number() }),
      { collection: 'company_names', versionKey: false },
    ),
  );

// Producer side: full public state and the record's version in every event.
function companyEvent(
  workspaceId: string,
  companyId: string,
  version: number,
  verb: 'created' | 'updated' | 'deleted',
  name = `Acme v${version}`,
) {
  return makeEvent({
    type: `crm.company.${verb}`,
    workspace_id: workspaceId,
    actor: null,
    data: verb === 'deleted' ? { company_id: companyId, version } : { company_id: companyId, name, version },
  });
}

const readCompany = (event: EventEnvelope): RecordState<CompanyName> | null => {
  if (!event.type.startsWith('crm.company.') || event.workspace_id === null) return null;
  const data = event.data as { company_id: string; name?: string; version: number };
  return {
    id: data.company_id,
    workspace_id: event.workspace_id,
    version: data.version,
    state: event.type === 'crm.company.deleted' ? null : { workspace_id: event.workspace_id, name: data.name ?? '' },
  };
};

describe('projections', () => {
  let database: TestDatabase;
  let model: Model<CompanyNameDocument>;
  const workspaceId = newId();

  beforeEach(async () => {
    database = await openTestDatabase();
    model = companyNames(database.connection);
    await model.init();
  });

  afterEach(async () => {
    await database.close();
  });

  const stored = (id: string) => model.findById(id).lean().exec();

  test('out-of-order and duplicate deliveries converge on the newest version', async () => {
    const handle = projectionHandler({ model, read: readCompany });
    const id = newId();
    const [v1, v2, v3] = [1, 2, 3].map((version) =>
      companyEvent(workspaceId, id, version, version === 1 ? 'created' : 'updated'),
    );

    for (const event of [v1, v3, v2, v3, v1]) await handle(event);

    expect(await stored(id)).toEqual({
      _id: id,
      workspace_id: workspaceId,
      version: 3,
      deleted: false,
      name: 'Acme v3',
    });
  });

  test('a stored version equal to the event is a duplicate and changes nothing', async () => {
    const id = newId();
    const record = { id, workspace_id: workspaceId, version: 2, state: { workspace_id: workspaceId, name: 'First' } };
    expect(await applyRecordState(model, record)).toBe('applied');
    expect(
      await applyRecordState(model, {
        ...record,
        state: { workspace_id: workspaceId, name: 'Same version, other data' },
      }),
    ).toBe('stale');
    expect(await applyRecordState(model, { ...record, version: 1 })).toBe('stale');
    expect((await stored(id))?.name).toBe('First');
  });

  test('concurrent first deliveries of several versions keep the newest', async () => {
    const id = newId();
    const versions = [3, 1, 5, 2, 4];
    const outcomes = await Promise.all(
      versions.map((version) =>
        applyRecordState(model, {
          id,
          workspace_id: workspaceId,
          version,
          state: { workspace_id: workspaceId, name: `v${version}` },
        }),
      ),
    );
    expect(outcomes).toContain('applied');
    expect(await stored(id)).toMatchObject({ version: 5, name: 'v5' });
  });

  test('in batches: one batch holding several versions of records, stale ones and repeats stores the newest of each', async () => {
    const handle = projectionBatchHandler({ model, read: readCompany });
    const [kept, updated, deleted] = [newId(), newId(), newId()];
    await handle([
      companyEvent(workspaceId, kept, 4, 'updated', 'Kept v4'),
      companyEvent(workspaceId, deleted, 1, 'created'),
    ]);

    await handle([
      companyEvent(workspaceId, updated, 1, 'created'),
      companyEvent(workspaceId, kept, 2, 'updated', 'Older than stored'),
      companyEvent(workspaceId, updated, 3, 'updated', 'Updated v3'),
      companyEvent(workspaceId, updated, 2, 'updated', 'Late v2'),
      companyEvent(workspaceId, deleted, 2, 'deleted'),
      companyEvent(workspaceId, deleted, 1, 'created'),
    ]);

    expect(await stored(kept)).toMatchObject({ version: 4, name: 'Kept v4', deleted: false });
    expect(await stored(updated)).toMatchObject({ version: 3, name: 'Updated v3', deleted: false });
    expect(await stored(deleted)).toEqual({ _id: deleted, workspace_id: workspaceId, version: 2, deleted: true });
  });

  test('applyRecordStates answers the records it stored and stamps every stored document, tombstones too', async () => {
    const [fresh, gone, stale] = [newId(), newId(), newId()];
    await applyRecordState(model, {
      id: stale,
      workspace_id: workspaceId,
      version: 5,
      state: { workspace_id: workspaceId, name: 'v5' },
    });
    const applied = await applyRecordStates(
      model,
      [
        { id: fresh, workspace_id: workspaceId, version: 1, state: { workspace_id: workspaceId, name: 'Fresh' } },
        { id: gone, workspace_id: workspaceId, version: 2, state: null },
        { id: stale, workspace_id: workspaceId, version: 3, state: { workspace_id: workspaceId, name: 'v3' } },
      ],
      { stamp: { seq: 7 } },
    );

    expect(applied.map((record) => record.id)).toEqual([fresh, gone]);
    expect(await model.collection.findOne({ _id: fresh as never })).toMatchObject({ name: 'Fresh', seq: 7 });
    expect(await model.collection.findOne({ _id: gone as never })).toMatchObject({ deleted: true, seq: 7 });
    expect(await stored(stale)).toMatchObject({ version: 5, name: 'v5' });
  });

  test('applyRecordStates: a first version stored by another delivery between its read and its write is told newer or older', async () => {
    const [raced, overtaken] = [newId(), newId()];
    const write = model.collection.bulkWrite.bind(model.collection);
    // Another delivery stores these documents after the batch read that none was there.
    const spy = jest.spyOn(model.collection, 'bulkWrite').mockImplementationOnce(async (...args) => {
      await applyRecordState(model, {
        id: raced,
        workspace_id: workspaceId,
        version: 4,
        state: { workspace_id: workspaceId, name: 'Newer, stored meanwhile' },
      });
      await applyRecordState(model, {
        id: overtaken,
        workspace_id: workspaceId,
        version: 1,
        state: { workspace_id: workspaceId, name: 'Older, stored meanwhile' },
      });
      return write(...args);
    });
    try {
      const applied = await applyRecordStates(model, [
        { id: raced, workspace_id: workspaceId, version: 2, state: { workspace_id: workspaceId, name: 'v2' } },
        { id: overtaken, workspace_id: workspaceId, version: 3, state: { workspace_id: workspaceId, name: 'v3' } },
      ]);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(applied.map((record) => [record.id, record.version])).toEqual([[overtaken, 3]]);
    } finally {
      spy.mockRestore();
    }
    expect(await stored(raced)).toMatchObject({ version: 4, name: 'Newer, stored meanwhile' });
    expect(await stored(overtaken)).toMatchObject({ version: 3, name: 'v3', deleted: false });
  });

  test('a deletion leaves a tombstone: a late update does not resurrect the record', async () => {
    const handle = projectionHandler({ model, read: readCompany });
    const id = newId();

    await handle(companyEvent(workspaceId, id, 1, 'created'));
    await handle(companyEvent(workspaceId, id, 3, 'deleted'));
    await handle(companyEvent(workspaceId, id, 2, 'updated'));

    expect(await stored(id)).toEqual({ _id: id, workspace_id: workspaceId, version: 3, deleted: true });
    expect(await model.countDocuments({ workspace_id: workspaceId, deleted: false })).toBe(0);
  });

  test('a deletion that arrives before the creation still wins', async () => {
    const handle = projectionHandler({ model, read: readCompany });
    const id = newId();

    await handle(companyEvent(workspaceId, id, 2, 'deleted'));
    await handle(companyEvent(workspaceId, id, 1, 'created'));

    expect(await stored(id)).toMatchObject({ version: 2, deleted: true });
  });

  test('through the bus, shuffled and repeated concurrent deliveries end at the newest state of each record', async () => {
    const bus = new InProcessEventBus({ logger: testLogger, broker: new InProcessBroker({ retryDelayMs: 0 }) });
    await bus.subscribe('company-names', ['crm.company.*'], projectionHandler({ model, read: readCompany }), {
      prefetch: 10,
    });
    const ids = [newId(), newId(), newId()];
    const events = ids.flatMap((id, index) => [
      companyEvent(workspaceId, id, 1, 'created'),
      ...[2, 3, 4, 5].map((version) => companyEvent(workspaceId, id, version, 'updated')),
      ...(index === 2 ? [companyEvent(workspaceId, id, 6, 'deleted')] : []),
    ]);
    // Reverse order, then everything again: the worst case of a backed-off outbox batch.
    await bus.publish([...events].reverse());
    await bus.publish(events);
    await bus.close();

    const live = await model.find({ workspace_id: workspaceId, deleted: false }).sort({ _id: 1 }).lean().exec();
    expect(live.map((document) => [document._id, document.version, document.name])).toEqual(
      [ids[0], ids[1]].sort().map((id) => [id, 5, 'Acme v5']),
    );
    expect(await stored(ids[2])).toMatchObject({ version: 6, deleted: true });
  });

  test('a rebuild drops the live documents and replays the source, keeping tombstones', async () => {
    const handle = projectionHandler({ model, read: readCompany });
    const [kept, drifted, gone, deleted] = [newId(), newId(), newId(), newId()];
    await handle(companyEvent(workspaceId, kept, 1, 'created', 'Kept'));
    await handle(companyEvent(workspaceId, drifted, 1, 'created', 'Drifted'));
    await handle(companyEvent(workspaceId, gone, 1, 'created', 'Deleted while we were not listening'));
    await handle(companyEvent(workspaceId, deleted, 4, 'deleted'));
    const otherWorkspace = newId();
    const elsewhere = newId();
    await handle(companyEvent(otherWorkspace, elsewhere, 1, 'created', 'Other tenant'));

    // The owner's listing, two pages; it has a stale state of the record deleted at version 4.
    const state = (id: string, version: number, name: string): RecordState<CompanyName> => ({
      id,
      workspace_id: workspaceId,
      version,
      state: { workspace_id: workspaceId, name },
    });
    async function* listing() {
      yield [state(kept, 1, 'Kept'), state(drifted, 7, 'Drifted, fixed')];
      yield [state(deleted, 3, 'Should stay deleted')];
    }
    const result = await rebuildProjection({ model, workspaceId, source: listing() });

    expect(result).toEqual({ dropped: 3, applied: 2, stale: 1 });
    const live = await model.find({ workspace_id: workspaceId, deleted: false }).lean().exec();
    expect(Object.fromEntries(live.map((document) => [document._id, [document.version, document.name]]))).toEqual({
      [kept]: [1, 'Kept'],
      [drifted]: [7, 'Drifted, fixed'],
    });
    expect(await stored(deleted)).toMatchObject({ deleted: true, version: 4 });
    expect(await stored(elsewhere)).toMatchObject({ name: 'Other tenant', deleted: false });
  });

  it('rebuilds a tenant-scoped projection of every workspace at once, through the named escape hatch', async () => {
    const schema = new Schema<CompanyNameDocument>(schemaOf({ ...PROJECTION_FIELDS, name: field.string() }), {
      collection: 'scoped_company_names',
      versionKey: false,
    });
    schema.plugin(tenantScoped);
    const scoped = database.connection.model<CompanyNameDocument>('BusTestScopedCompanyName', schema);
    const [first, second] = [newId(), newId()];
    await scoped.create({ _id: newId(), workspace_id: first, version: 1, name: 'Dropped' });
    async function* everywhere() {
      yield [
        { id: newId(), workspace_id: first, version: 2, state: { workspace_id: first, name: 'First' } },
        { id: newId(), workspace_id: second, version: 5, state: { workspace_id: second, name: 'Second' } },
      ];
    }
    expect(await rebuildProjection({ model: scoped, source: everywhere() })).toEqual({
      dropped: 1,
      applied: 2,
      stale: 0,
    });
    const names = async (workspaceId: string) =>
      (await scoped.find({ workspace_id: workspaceId }).lean().exec()).map((row) => row.name);
    expect(await names(first)).toEqual(['First']);
    expect(await names(second)).toEqual(['Second']);
  });
});
