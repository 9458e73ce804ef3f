import * as fs from 'node:fs';
import * as zlib from 'node:zlib';

// Record framing shared by the journal and the snapshot:
//   [u32 LE payload length][u32 LE crc32 of payload][payload]
// A frame whose length runs past the end of the file or whose checksum does not match is a torn
// write: reading stops there and everything before it is trusted.

export const FRAME_HEADER_BYTES = 8;
// No legitimate record comes near this; a larger length is garbage.
const MAX_FRAME_BYTES = 1024 * 1024 * 1024;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

// `previous`: the CRC of the bytes before `data`, to go on from.
function tableCrc32(data: Uint8Array, previous = 0): number {
  let crc = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// zlib.crc32 exists from Node 20.15; the table version keeps older runtimes working.
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
export const crc32: (data: Uint8Array, previous?: number) => number = nativeCrc32
  ? (data, previous = 0) => nativeCrc32(data, previous) >>> 0
  : tableCrc32;

// One record's frame in one piece (the snapshot writes them so).
export function frame(payload: Buffer): Buffer {
  return Buffer.concat(frameParts([payload]));
}

// A record's frame as its header followed by the payload's parts, uncopied (the journal writes
// them with one gathered write).
export function frameParts(parts: readonly Buffer[]): Buffer[] {
  let length = 0;
  let checksum = 0;
  for (const part of parts) {
    length += part.length;
    checksum = crc32(part, checksum);
  }
  const header = Buffer.allocUnsafe(FRAME_HEADER_BYTES);
  header.writeUInt32LE(length, 0);
  header.writeUInt32LE(checksum, 4);
  return [header, ...parts];
}

export interface FrameScan {
  readonly payloads: Buffer[];
  // Offset just past the last intact frame.
  readonly validLength: number;
  readonly torn: boolean;
}

export function scanFrames(data: Buffer): FrameScan {
  const payloads: Buffer[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (data.length - offset < FRAME_HEADER_BYTES) break;
    const length = data.readUInt32LE(offset);
    const checksum = data.readUInt32LE(offset + 4);
    const end = offset + FRAME_HEADER_BYTES + length;
    if (length === 0 || length > MAX_FRAME_BYTES || end > data.length) break;
    const payload = data.subarray(offset + FRAME_HEADER_BYTES, end);
    if (crc32(payload) !== checksum) break;
    payloads.push(payload);
    offset = end;
  }
  return { payloads, validLength: offset, torn: offset < data.length };
}

// Offset of the first intact frame after `from`, if any. A crash can only tear the end of the
// journal, so an intact frame after damage means the damage is not a torn write but corruption.
export function findIntactFrameAfter(data: Buffer, from: number): number | undefined {
  for (let offset = from + 1; offset + FRAME_HEADER_BYTES < data.length; offset++) {
    const length = data.readUInt32LE(offset);
    const end = offset + FRAME_HEADER_BYTES + length;
    if (length === 0 || length > MAX_FRAME_BYTES || end > data.length) continue;
    if (crc32(data.subarray(offset + FRAME_HEADER_BYTES, end)) === data.readUInt32LE(offset + 4)) return offset;
  }
  return undefined;
}

export class JournalCorruptedError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    readonly reason: string,
    readonly dataDir: string,
  ) {
    super(
      `embedded MongoDB journal ${file} is damaged at byte offset ${offset} (${reason}). Only the last record of the ` +
        'last journal can be torn by a crash, so this is corruption and start-up stops rather than drop acknowledged writes. ' +
        `To keep everything before the damage and drop the rest, stop every process using the directory and run: ` +
        `node libs/embedded-mongo/dist/repair.js ${dataDir}`,
    );
    this.name = 'JournalCorruptedError';
  }
}

interface DurabilityWaiter {
  readonly lsn: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

export interface JournalWriterOptions {
  // How long a record appended with `gather` waits for others to share its write and fdatasync.
  readonly groupCommitMs: number;
  // Called by the flusher between two batches, when nothing is being written.
  readonly onBatchWritten?: (sizeBytes: number) => Promise<void> | void;
}

// Append-only journal with group commit: records appended in the same tick are written with one
// write and made durable with one fdatasync, and so are those appended while a batch is being
// written. A record appended with `gather` (work nobody is waiting on, such as an event
// consumer's batch) waits up to groupCommitMs for more records to share that fdatasync; one
// appended without it is written at the next turn, and takes every gathered record with it.
export class JournalWriter {
  private pending: Buffer[] = [];
  private appendedLsn = 0;
  private durableLsn = 0;
  private waiters: DurabilityWaiter[] = [];
  private flushing = false;
  private scheduled = false;
  // Set while the batch waits out groupCommitMs for more records.
  private gathering: NodeJS.Timeout | undefined;
  private failure: Error | undefined;
  private fd: number;
  private size: number;
  private idleWaiters: Array<() => void> = [];
  private inBatchCallback = false;
  private recordCount = 0;
  private syncCount = 0;

  constructor(
    private path: string,
    private readonly options: JournalWriterOptions,
  ) {
    this.fd = fs.openSync(path, 'a');
    this.size = fs.fstatSync(this.fd).size;
  }

  get currentPath(): string {
    return this.path;
  }

  get sizeBytes(): number {
    return this.size;
  }

  // Records appended and fsyncs done since the writer was created.
  get statistics(): { records: number; syncs: number } {
    return { records: this.recordCount, syncs: this.syncCount };
  }

  // True while a batch is being written (switching files is not allowed then).
  get writing(): boolean {
    return this.flushing && !this.inBatchCallback;
  }

  get failed(): Error | undefined {
    return this.failure;
  }

  // Appends synchronously (in memory, in order) and returns the record's sequence number. The
  // payload may come in parts; they are written one after another, never copied together.
  // `gather`: the record may wait groupCommitMs for others (see the class).
  append(payload: Buffer | readonly Buffer[], gather = false): number {
    if (this.failure) throw this.failure;
    for (const piece of frameParts(Buffer.isBuffer(payload) ? [payload] : payload)) this.pending.push(piece);
    this.appendedLsn++;
    this.recordCount++;
    this.schedule(gather && this.options.groupCommitMs > 0);
    return this.appendedLsn;
  }

  waitDurable(lsn: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (lsn <= this.durableLsn) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ lsn, resolve, reject }));
  }

  // Switches to a new file between batches; used by compaction.
  switchTo(path: string): void {
    if (this.flushing && !this.inBatchCallback)
      throw new Error('cannot switch journal files while a batch is being written');
    fs.closeSync(this.fd);
    this.path = path;
    this.fd = fs.openSync(path, 'a');
    this.size = fs.fstatSync(this.fd).size;
  }

  async close(): Promise<void> {
    await this.idle();
    fs.closeSync(this.fd);
  }

  idle(): Promise<void> {
    if (!this.flushing && !this.scheduled && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  // Records waiting out groupCommitMs are written at the next turn instead.
  writeGathered(): void {
    if (!this.gathering) return;
    clearTimeout(this.gathering);
    this.gathering = undefined;
    setImmediate(this.startFlush);
  }

  private schedule(gather: boolean): void {
    // A batch being written takes what is appended meanwhile as its next one.
    if (this.flushing) return;
    if (this.scheduled) {
      if (!gather) this.writeGathered();
      return;
    }
    this.scheduled = true;
    if (gather) this.gathering = setTimeout(this.startFlush, this.options.groupCommitMs);
    else setImmediate(this.startFlush);
  }

  private readonly startFlush = (): void => {
    this.scheduled = false;
    this.gathering = undefined;
    void this.flushLoop();
  };

  private async flushLoop(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0 && !this.failure) {
        const batch = this.pending;
        const lastLsn = this.appendedLsn;
        this.pending = [];
        let length = 0;
        for (const piece of batch) length += piece.length;
        try {
          await writeFully(this.fd, batch, length);
          await datasync(this.fd);
          this.syncCount++;
        } catch (error) {
          this.fail(error instanceof Error ? error : new Error(String(error)));
          break;
        }
        this.size += length;
        this.durableLsn = lastLsn;
        this.releaseWaiters();
        if (this.options.onBatchWritten) {
          this.inBatchCallback = true;
          try {
            await this.options.onBatchWritten(this.size);
          } finally {
            this.inBatchCallback = false;
          }
        }
      }
    } finally {
      this.flushing = false;
      if (this.pending.length > 0 && !this.failure) this.schedule(false);
      else this.releaseIdle();
    }
  }

  private releaseWaiters(): void {
    const still: DurabilityWaiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.lsn <= this.durableLsn) waiter.resolve();
      else still.push(waiter);
    }
    this.waiters = still;
  }

  private releaseIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  // A failed fsync leaves the file in an unknown state: stop accepting writes (as PostgreSQL does)
  // rather than acknowledge anything that might not be on disk.
  private fail(error: Error): void {
    this.failure = new Error(
      `embedded MongoDB journal write failed, the store refuses further writes: ${error.message}`,
    );
    for (const waiter of this.waiters) waiter.reject(this.failure);
    this.waiters = [];
    this.pending = [];
  }
}

// One gathered write of the pieces (libuv goes on after a short write and splits what is more
// than the system takes at once); what is still short after it is written again.
function writeFully(fd: number, pieces: Buffer[], length: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const writeFrom = (from: Buffer[], remaining: number): void => {
      fs.writev(fd, from, (error, written) => {
        if (error) return reject(error);
        if (written >= remaining) return resolve();
        let skip = written;
        let first = 0;
        while (skip >= from[first].length) skip -= from[first++].length;
        writeFrom([from[first].subarray(skip), ...from.slice(first + 1)], remaining - written);
      });
    };
    writeFrom(pieces, length);
  });
}

function datasync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));
}
