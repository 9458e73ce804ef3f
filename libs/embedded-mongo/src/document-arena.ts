// The memory that holds a collection's stored documents: their BSON bytes packed one after
// another into slabs, instead of one allocation each. An allocation of its own costs a document
// a Buffer and an ArrayBuffer object on the heap, a backing-store record and a malloc header
// beside its bytes (about 340 bytes over a million 500-byte documents) and a malloc at every
// write; in a slab it costs an offset.
//
// Bytes in a slab are never written twice: a reader (a query decoding a document, a snapshot
// being written in the background) may keep a view of a version that has been replaced since, and
// that view stays what it was. A slab whose documents are mostly gone is compacted: its stored
// versions are copied to the slab being filled, and the slab is let go once nothing views it.

// A new slab is about an eighth of what the collection holds, at least the smallest (a store has
// many small collections) and at most the largest: the slab being filled, mostly unused when it
// is new, costs little beside the rest. A document larger than that gets a slab of its own size.
const FIRST_SLAB_BYTES = 16 * 1024;
const LARGEST_SLAB_BYTES = 1024 * 1024;

export class Slab {
  readonly memory: Buffer;
  used = 0;
  // Bytes of versions placed here that are no longer stored (replaced, deleted, pruned).
  released = 0;
  // Every version placed here (or moved here), released or not.
  readonly holders: StoredDocument[] = [];

  constructor(bytes: number) {
    // Its own memory, not a slice of Node's shared pool (which a slab would pin).
    this.memory = Buffer.allocUnsafeSlow(bytes);
  }
}

// One version of a document: its bytes in a slab, or none for a tombstone (a deletion kept for
// transactions that started before it).
export class StoredDocument {
  // Set once the store no longer holds this version; a reader that still has it reads it as it was.
  released = false;

  constructor(
    public slab: Slab | null,
    public offset: number,
    readonly version: number,
    public older: StoredDocument | undefined,
  ) {}

  get isTombstone(): boolean {
    return this.slab === null;
  }

  // A view of the version's bytes (null for a tombstone).
  get bytes(): Buffer | null {
    const slab = this.slab;
    if (!slab) return null;
    return slab.memory.subarray(this.offset, this.offset + slab.memory.readInt32LE(this.offset));
  }

  get byteLength(): number {
    return this.slab ? this.slab.memory.readInt32LE(this.offset) : 0;
  }
}

export interface ArenaStats {
  slabs: number;
  // Memory of the slabs.
  storageBytes: number;
  // Bytes of the stored versions (those kept for open transactions included).
  dataBytes: number;
}

export class DocumentArena {
  private current: Slab | undefined;
  // Over the slabs in use, the one being filled included: their memory, the bytes placed in them,
  // and how many of those are released.
  private slabCount = 0;
  private slabBytes = 0;
  private usedBytes = 0;
  private releasedBytes = 0;

  // A new version holding a copy of `bytes` (a whole BSON document).
  store(bytes: Uint8Array, version: number, older: StoredDocument | undefined): StoredDocument {
    const stored = new StoredDocument(null, 0, version, older);
    this.place(stored, bytes);
    return stored;
  }

  tombstone(version: number, older: StoredDocument | undefined): StoredDocument {
    return new StoredDocument(null, 0, version, older);
  }

  // The store no longer holds this version: its bytes count as free in their slab, and a slab
  // half free is compacted.
  release(stored: StoredDocument): void {
    const slab = stored.slab;
    if (!slab || stored.released) return;
    stored.released = true;
    const length = stored.byteLength;
    slab.released += length;
    this.releasedBytes += length;
    if (slab !== this.current && slab.released * 2 >= slab.used) this.compact(slab);
  }

  // The memory the arena holds, and the bytes of the versions it stores in it.
  stats(): ArenaStats {
    return { slabs: this.slabCount, storageBytes: this.slabBytes, dataBytes: this.usedBytes - this.releasedBytes };
  }

  private place(stored: StoredDocument, bytes: Uint8Array): void {
    const length = bytes.length;
    let slab = this.current;
    let retired: Slab | undefined;
    if (!slab || slab.used + length > slab.memory.length) {
      slab = this.newSlab(length);
      // A document larger than any slab gets one of its own; the slab being filled stays.
      if (length <= LARGEST_SLAB_BYTES || !this.current) {
        retired = this.current;
        this.current = slab;
      }
    }
    slab.memory.set(bytes, slab.used);
    stored.slab = slab;
    stored.offset = slab.used;
    slab.used += length;
    this.usedBytes += length;
    slab.holders.push(stored);
    // A slab mostly released while it was being filled is compacted now that it is full (only
    // now: what it moves goes into the slab being filled, which first had to take this document).
    if (retired && retired.released * 2 >= retired.used) this.compact(retired);
  }

  private newSlab(length: number): Slab {
    const held = this.usedBytes - this.releasedBytes;
    let size = FIRST_SLAB_BYTES;
    while (size < LARGEST_SLAB_BYTES && size * 8 < held) size *= 2;
    size = Math.max(size, length);
    this.slabCount++;
    this.slabBytes += size;
    return new Slab(size);
  }

  // Moves the versions still stored out of `slab` into the slab being filled.
  private compact(slab: Slab): void {
    for (const holder of slab.holders) {
      if (holder.released || holder.slab !== slab) continue;
      this.place(holder, holder.bytes as Buffer);
    }
    this.slabCount--;
    this.slabBytes -= slab.memory.length;
    this.usedBytes -= slab.used;
    this.releasedBytes -= slab.released;
    slab.holders.length = 0;
  }
}
