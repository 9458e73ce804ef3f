import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema, type Connection, type Model } from 'mongoose';
import { decodeCursor, encodeCursor, keysetPage, type KeysetOrder } from '../cursor';
import { connectDatabase } from '../database';

describe('opaque cursors', () => {
  it('round-trips a position', () => {
    const cursor = encodeCursor({ key: '2026-01-01T00:00:00.000Z', id: 'abc' });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual({ key: '2026-01-01T00:00:00.000Z', id: 'abc' });
    expect(decodeCursor(encodeCursor({ key: null, id: 'x' }))).toEqual({ key: null, id: 'x' });
  });

  it('refuses tampered or foreign cursors with a 400', () => {
    for (const bad of ['not-a-cursor', Buffer.from('{"a":1}').toString('base64url'), '']) {
      expect(() => decodeCursor(bad)).toThrow(expect.objectContaining({ status: 400, message: 'cursor is invalid' }));
    }
  });
});

describe('keyset pages', () => {
  interface Row {
    _id: string;
    workspace_id: string;
    name: string | null;
    created_at: string;
  }

  let dataDir: string;
  let connection: Connection;
  let Rows: Model<Row>;
  const names = ['delta', null, 'alpha', 'charlie', null, 'bravo', 'alpha', 'echo', 'foxtrot', null, 'golf'];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kit-keyset-'));
    connection = await connectDatabase({ service: 'keyset-test', dataDir });
    Rows = connection.model<Row>(
      'KeysetRow',
      new Schema<Row>({ _id: String, workspace_id: String, name: String, created_at: String }),
    );
    await Rows.create(
      names.map((name, i) => ({
        _id: `id-${String(i).padStart(2, '0')}`,
        workspace_id: 'w1',
        name,
        // Two records share each timestamp, so the id must break ties.
        created_at: `2026-01-0${1 + Math.floor(i / 2)}T00:00:00.000Z`,
      })),
    );
    await Rows.create({ _id: 'other', workspace_id: 'w2', name: 'alpha', created_at: '2026-01-01T00:00:00.000Z' });
  });

  afterAll(async () => {
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function walk(order: KeysetOrder, limit: number): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const page = await keysetPage<Row>(Rows, { workspace_id: 'w1' }, { order, limit, cursor });
      seen.push(...page.data.map((row) => row._id));
      if (!page.next_cursor) return seen;
      cursor = page.next_cursor;
    }
    throw new Error('paging did not end');
  }

  async function sorted(order: KeysetOrder): Promise<string[]> {
    const rows = await Rows.find({ workspace_id: 'w1' })
      .sort({ [order.field]: order.direction, _id: order.direction })
      .lean<Row[]>();
    return rows.map((row) => row._id);
  }

  const orders: KeysetOrder[] = [
    { name: 'created_desc', field: 'created_at', direction: -1 },
    { name: 'created_asc', field: 'created_at', direction: 1 },
    { name: 'name_asc', field: 'name', direction: 1 },
    { name: 'name_desc', field: 'name', direction: -1 },
  ];

  it.each(orders)(
    'walks every record once in the $name order, whatever the page size, nulls included',
    async (order) => {
      const expected = await sorted(order);
      expect(expected).toHaveLength(names.length);
      for (const limit of [1, 2, 3, 4, 50]) expect(await walk(order, limit)).toEqual(expected);
    },
  );

  it('keeps a page boundary stable when records are inserted before it', async () => {
    const order = orders[0];
    const first = await keysetPage<Row>(Rows, { workspace_id: 'w1' }, { order, limit: 3 });
    await Rows.create({ _id: 'id-new', workspace_id: 'w1', name: 'new', created_at: '2027-01-01T00:00:00.000Z' });
    try {
      const second = await keysetPage<Row>(
        Rows,
        { workspace_id: 'w1' },
        { order, limit: 3, cursor: first.next_cursor! },
      );
      const expected = (await sorted(order)).filter((id) => id !== 'id-new');
      expect([...first.data, ...second.data].map((row) => row._id)).toEqual(expected.slice(0, 6));
    } finally {
      await Rows.deleteOne({ _id: 'id-new', workspace_id: 'w1' });
    }
  });

  it('ends with a null cursor and refuses a cursor of another order', async () => {
    const all = await keysetPage<Row>(Rows, { workspace_id: 'w1' }, { order: orders[0], limit: 50 });
    expect(all.next_cursor).toBeNull();
    const page = await keysetPage<Row>(Rows, { workspace_id: 'w1' }, { order: orders[0], limit: 2 });
    await expect(
      keysetPage<Row>(Rows, { workspace_id: 'w1' }, { order: orders[2], limit: 2, cursor: page.next_cursor! }),
    ).rejects.toThrow('cursor does not belong to the name_asc order');
  });
});
