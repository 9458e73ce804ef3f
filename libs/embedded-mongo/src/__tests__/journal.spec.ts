import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { crc32, frame, frameParts, JournalWriter, scanFrames } from '../journal';

describe('journal frames', () => {
  const parts = [Buffer.from('first part'), Buffer.alloc(0), Buffer.from([0, 1, 2, 255]), Buffer.alloc(70_000, 7)];

  it('frames a record given in parts exactly as the same bytes in one piece', () => {
    expect(Buffer.concat(frameParts(parts))).toEqual(frame(Buffer.concat(parts)));
    // The checksum of parts goes on from the one before.
    expect(crc32(parts[3], crc32(parts[0]))).toBe(crc32(Buffer.concat([parts[0], parts[3]])));
  });

  it('writes records given in parts, many at once, and reads them back whole and in order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-'));
    try {
      const file = path.join(dir, 'journal');
      const writer = new JournalWriter(file, { groupCommitMs: 0 });
      const records = Array.from({ length: 2_000 }, (_, n) => [Buffer.from(`record ${n}:`), Buffer.alloc(n % 97, n)]);
      const lsns = records.map((record, n) =>
        n % 2 === 0 ? writer.append(record) : writer.append(Buffer.concat(record)),
      );
      await writer.waitDurable(lsns[lsns.length - 1]);
      await writer.close();

      const scan = scanFrames(fs.readFileSync(file));
      expect(scan.torn).toBe(false);
      expect(scan.payloads).toEqual(records.map((record) => Buffer.concat(record)));
      expect(writer.sizeBytes).toBe(fs.statSync(file).size);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('group commit', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

    it('lets records that may wait gather until one that may not, then writes them with one fdatasync', async () => {
      // Far longer than the test may take: only the record that may not wait writes the batch.
      const writer = new JournalWriter(path.join(dir, 'journal'), { groupCommitMs: 60_000 });
      const first = writer.append(Buffer.from('consumer batch 1'), true);
      await nextTurn();
      await nextTurn();
      const second = writer.append(Buffer.from('consumer batch 2'), true);
      await nextTurn();
      expect(writer.statistics.syncs).toBe(0);
      const request = writer.append(Buffer.from('request'));
      await writer.waitDurable(request);
      await Promise.all([writer.waitDurable(first), writer.waitDurable(second)]);
      expect(writer.statistics).toEqual({ records: 3, syncs: 1 });
      await writer.close();
      expect(scanFrames(fs.readFileSync(path.join(dir, 'journal'))).payloads.map(String)).toEqual([
        'consumer batch 1',
        'consumer batch 2',
        'request',
      ]);
    });

    it('writes a record that may wait once groupCommitMs has passed', async () => {
      const writer = new JournalWriter(path.join(dir, 'journal'), { groupCommitMs: 5 });
      await writer.waitDurable(writer.append(Buffer.from('consumer batch'), true));
      expect(writer.statistics).toEqual({ records: 1, syncs: 1 });
      await writer.close();
    });
  });
});
