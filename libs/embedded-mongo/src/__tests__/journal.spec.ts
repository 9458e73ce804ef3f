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
});
