import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Loose } from './test-store';
import { cleanUp, openClient, openConnection, temporaryDataDir } from './test-store';

afterEach(cleanUp);

// Every byte of every file of the data directory, as text a grep would read.
const filesText = (dataDir: string) =>
  fs
    .readdirSync(dataDir)
    .filter((name) => name !== 'LOCK')
    .map((name) => fs.readFileSync(path.join(dataDir, name)).toString('latin1'))
    .join('\n');

describe('the compact command', () => {
  it('rewrites the store so deleted and overwritten values leave the disk, and the data stays', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const people = client.db().collection<Loose>('people');
    await people.insertOne({ _id: 'p1', email: 'ann.erased@example.com' });
    await people.insertOne({ _id: 'p2', email: 'bob.kept@example.com' });
    await people.updateOne({ _id: 'p1' }, { $set: { email: null } });
    expect(filesText(dataDir)).toContain('ann.erased@example.com');

    expect(await client.db().command({ compact: 'people' })).toMatchObject({ ok: 1 });

    const text = filesText(dataDir);
    expect(text).not.toContain('ann.erased@example.com');
    expect(text).toContain('bob.kept@example.com');
    await client.close();
    const reopened = await openClient({ dataDir });
    expect(await reopened.db().collection<Loose>('people').find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'p1', email: null },
      { _id: 'p2', email: 'bob.kept@example.com' },
    ]);
  });

  it('is what mongoose sends through connection.db.command', async () => {
    const connection = await openConnection();
    await connection.db?.collection('things').insertOne({ _id: 'x' } as never);
    await expect(connection.db?.command({ compact: 'things' })).resolves.toMatchObject({ ok: 1 });
  });
});
