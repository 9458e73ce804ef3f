import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Document } from './bson-values';
import { ID_INDEX_SPEC } from './collection-store';
import { fsyncDirectory, SNAPSHOT_FILE } from './data-dir';
import { frame } from './journal';
import { encodeRecord, type JournalOperation } from './journal-records';
import type { CapturedLeaf, PackedTreeBuilder } from './packed-tree';
import type { StoreCatalog } from './store-catalog';

// The snapshot file: every collection's options, indexes, documents and (when no older versions
// are kept) index keys as of one instant, in frames of journal records between a header and an
// end record, so that loading it is replaying it.

// 2: an index whose fields hold the _id keeps its keys without the _id after them (see
// OrderedIndex.treeKey). Index keys of an older format are not loaded: the indexes are rebuilt
// from the documents.
export const SNAPSHOT_FORMAT = 2;
const SNAPSHOT_DOCUMENTS_PER_FRAME = 500;

interface CapturedIndexKeys {
  readonly name: string;
  readonly multikey: boolean;
  readonly leaves: CapturedLeaf[];
}

export interface CapturedCollection {
  readonly db: string;
  readonly name: string;
  readonly options: Document;
  readonly indexes: Document[];
  readonly documents: Buffer[];
  // Index keys as of the capture; absent while old versions are kept for transactions.
  readonly indexKeys?: CapturedIndexKeys[];
}

const INDEX_KEYS_PER_FRAME = 5000;

// Frames of about INDEX_KEYS_PER_FRAME entries, each entry a key's length and bytes then its
// _id key's length and UTF-8 bytes, made from a capture of the index's leaves.
function* indexEntryFrames(leaves: readonly CapturedLeaf[]): Generator<Buffer> {
  for (let first = 0; first < leaves.length;) {
    let last = first;
    let entries = 0;
    let size = 0;
    while (last < leaves.length && (entries === 0 || entries + leaves[last].count <= INDEX_KEYS_PER_FRAME)) {
      const leaf = leaves[last];
      entries += leaf.count;
      size += 8 * leaf.count + leaf.ends[leaf.count - 1] + (leaf.count - 1) * leaf.prefixLength;
      for (let position = 0; position < leaf.count; position++) size += Buffer.byteLength(leaf.ids[position], 'utf8');
      last++;
    }
    const buffer = Buffer.allocUnsafe(size);
    let offset = 0;
    for (let index = first; index < last; index++) {
      const leaf = leaves[index];
      for (let position = 0; position < leaf.count; position++) {
        // The leaf's prefix, then the key's rest.
        const start = position === 0 ? leaf.prefixLength : leaf.ends[position - 1];
        const end = leaf.ends[position];
        buffer.writeUInt32LE(leaf.prefixLength + end - start, offset);
        offset += 4 + leaf.bytes.copy(buffer, offset + 4, 0, leaf.prefixLength);
        offset += leaf.bytes.copy(buffer, offset, start, end);
        const written = buffer.write(leaf.ids[position], offset + 4, 'utf8');
        buffer.writeUInt32LE(written, offset);
        offset += 4 + written;
      }
    }
    yield buffer;
    first = last;
  }
}

// Feeds a frame's entries to the builder of its index, each _id key as the documents map holds it.
export function loadIndexEntries(
  entries: Buffer,
  builder: PackedTreeBuilder,
  idKeys: ReadonlyMap<string, string>,
): void {
  let offset = 0;
  while (offset < entries.length) {
    const keyLength = entries.readUInt32LE(offset);
    const keyStart = offset + 4;
    offset = keyStart + keyLength;
    const idLength = entries.readUInt32LE(offset);
    const id = entries.toString('utf8', offset + 4, offset + 4 + idLength);
    builder.addBytes(entries, keyStart, keyStart + keyLength, idKeys.get(id) ?? id);
    offset += 4 + idLength;
  }
}

// The state to write, taken at one instant; the writing then runs in the background.
export function captureCollections(catalog: StoreCatalog): CapturedCollection[] {
  const captured: CapturedCollection[] = [];
  for (const [db, collections] of catalog.databases) {
    for (const [name, collection] of collections) {
      captured.push({
        db,
        name,
        options: collection.options,
        indexes: collection.indexSpecs().filter((spec) => spec !== ID_INDEX_SPEC),
        documents: Array.from(collection.liveDocuments(), ([, bytes]) => bytes),
        ...(collection.retained.size === 0 && !collection.deferIndexes
          ? {
              indexKeys: collection
                .allIndexes()
                .map((index) => ({ name: index.name, multikey: index.multikey, leaves: index.tree.capture() })),
            }
          : {}),
      });
    }
  }
  return captured;
}

// Writes to a temporary file, fsyncs it, renames it over the old snapshot and fsyncs the
// directory, so a crash leaves either the old or the new snapshot, never a partial one.
export async function writeSnapshot(
  dataDir: string,
  generation: number,
  captured: CapturedCollection[],
): Promise<void> {
  const temporaryPath = path.join(dataDir, `${SNAPSHOT_FILE}.tmp`);
  const handle = await fs.promises.open(temporaryPath, 'w');
  let documents = 0;
  try {
    const write = async (operations: JournalOperation[]): Promise<void> => {
      const framed = frame(encodeRecord(operations));
      for (let offset = 0; offset < framed.length;) {
        offset += (await handle.write(framed, offset, framed.length - offset)).bytesWritten;
      }
      // Let queries and writes run between frames.
      await new Promise((resolve) => setImmediate(resolve));
    };
    await write([{ kind: 'snapshotHeader', format: SNAPSHOT_FORMAT, generation }]);
    for (const collection of captured) {
      const { db, name } = collection;
      await write([
        { kind: 'createCollection', db, collection: name, options: collection.options },
        ...collection.indexes.map((spec): JournalOperation => ({ kind: 'createIndex', db, collection: name, spec })),
      ]);
      for (let start = 0; start < collection.documents.length; start += SNAPSHOT_DOCUMENTS_PER_FRAME) {
        const slice = collection.documents.slice(start, start + SNAPSHOT_DOCUMENTS_PER_FRAME);
        await write(slice.map((bytes): JournalOperation => ({ kind: 'put', db, collection: name, bytes })));
        documents += slice.length;
      }
      for (const index of collection.indexKeys ?? []) {
        // An empty index still writes one frame, so that it counts as loaded.
        let frames = 0;
        for (const entries of indexEntryFrames(index.leaves)) {
          frames++;
          await write([
            { kind: 'indexKeys', db, collection: name, name: index.name, multikey: index.multikey, entries },
          ]);
        }
        if (frames === 0)
          await write([
            {
              kind: 'indexKeys',
              db,
              collection: name,
              name: index.name,
              multikey: index.multikey,
              entries: Buffer.alloc(0),
            },
          ]);
      }
    }
    await write([{ kind: 'snapshotEnd', documents }]);
    await handle.sync();
  } finally {
    await handle.close();
  }
  fs.renameSync(temporaryPath, path.join(dataDir, SNAPSHOT_FILE));
  fsyncDirectory(dataDir);
}
