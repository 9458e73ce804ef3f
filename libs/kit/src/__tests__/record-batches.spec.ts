import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema, type Connection, type Model } from 'mongoose';
import { connectDatabase } from '../database';
import { inBatches } from '../record-batches';
import { tenantScoped } from '../tenancy';

interface Row {
  _id: string;
  workspace_id: string;
  rank: number;
  text: string;
}

describe('inBatches', () => {
  let dataDir: string;
  let connection: Connection;
  let rows: Model<Row>;
  const row = (index: number, workspace = 'w1'): Row => ({
    _id: `r${String(index).padStart(4, '0')}`,
    workspace_id: workspace,
    // Three rows at each rank: batches end between rows of one rank.
    rank: Math.floor(index / 3),
    text: `row ${index}`,
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'record-batches-'));
    connection = await connectDatabase({ service: 'batches-test', dataDir });
    const schema = new Schema<Row>(
      { _id: String, workspace_id: String, rank: Number, text: String },
      { collection: 'rows', versionKey: false },
    );
    schema.plugin(tenantScoped);
    schema.index({ workspace_id: 1, rank: -1, _id: -1 });
    rows = connection.model<Row>('Row', schema);
    await rows.insertMany(Array.from({ length: 25 }, (_, index) => row(index)));
    await rows.insertMany([row(90, 'w2'), row(91, 'w2')]);
  });

  afterAll(async () => {
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const collect = async (batches: AsyncGenerator<Row[]>) => {
    const sizes: number[] = [];
    const ids: string[] = [];
    for await (const batch of batches) {
      sizes.push(batch.length);
      ids.push(...batch.map((item) => item._id));
    }
    return { sizes, ids };
  };

  it('reads every record of the filter once, in the field then _id order, ties across batches included', async () => {
    const { sizes, ids } = await collect(inBatches(rows, { workspace_id: 'w1' }, 'rank', 4));
    expect(sizes).toEqual([4, 4, 4, 4, 4, 4, 1]);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, index) => row(index)._id));
  });

  it('reads in _id order without a field, only the fields selected, inside a transaction as it sees the rows', async () => {
    const session = await connection.startSession();
    try {
      await session.withTransaction(async () => {
        await rows.create([row(30)], { session });
        await rows.deleteOne({ _id: row(0)._id, workspace_id: 'w1' }, { session });
        const read: Row[] = [];
        for await (const batch of inBatches(rows, { workspace_id: 'w1' }, null, 10, { session, select: ['rank'] }))
          read.push(...batch);
        expect(read.map((item) => item._id)).toEqual([
          ...Array.from({ length: 24 }, (_, index) => row(index + 1)._id),
          row(30)._id,
        ]);
        expect(read[0]).toEqual({ _id: row(1)._id, rank: 0 });
        await session.abortTransaction();
      });
    } finally {
      await session.endSession();
    }
    expect(await rows.countDocuments({ workspace_id: 'w1' })).toBe(25);
  });
});
