import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from 'mongoose';
import { compactStorage, connectDatabase } from '../database';

describe('compactStorage', () => {
  it('compacts the embedded store once, whatever the collections named: the old journal is gone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compact-storage-'));
    const connection = await connectDatabase({ service: 'compact-test', dataDir });
    try {
      const journalsBefore = readdirSync(join(dataDir, 'compact-test')).filter((name) => name.startsWith('journal-'));
      await compactStorage(connection, ['outbox', 'contacts']);
      const journalsAfter = readdirSync(join(dataDir, 'compact-test')).filter((name) => name.startsWith('journal-'));
      expect(journalsAfter).toHaveLength(1);
      expect(journalsAfter).not.toEqual(journalsBefore);
    } finally {
      await connection.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on MongoDB compacts each collection, and logs a refusal instead of failing', async () => {
    const sent: unknown[] = [];
    const command = async (body: { compact: string }) => {
      sent.push(body);
      if (body.compact === 'contacts')
        throw new Error('not authorized on crm_core to execute command { compact: "contacts" }');
      return { ok: 1 };
    };
    const connection = { db: { command }, getClient: () => ({}) } as unknown as Connection;
    const warnings: unknown[] = [];
    await compactStorage(connection, ['outbox', 'contacts', 'tasks'], {
      warn: (fields: unknown) => warnings.push(fields),
    });
    expect(sent).toEqual([{ compact: 'outbox' }, { compact: 'contacts' }, { compact: 'tasks' }]);
    expect(warnings).toEqual([{ collection: 'contacts', reason: expect.stringContaining('not authorized') }]);
  });
});
