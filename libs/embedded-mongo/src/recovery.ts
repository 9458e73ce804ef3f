import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CollectionStore } from './collection-store';
import { journalFileName, listJournalGenerations, SNAPSHOT_FILE, truncateDurably } from './data-dir';
import { findIntactFrameAfter, JournalCorruptedError, scanFrames } from './journal';
import { decodeRecord, type JournalOperation } from './journal-records';
import { PackedTreeBuilder } from './packed-tree';
import { loadIndexEntries, SNAPSHOT_FORMAT } from './snapshot-file';
import type { StoreCatalog } from './store-catalog';

// Opening a data directory: the snapshot loaded, then the journals after it replayed, frame by
// frame; a torn tail of the newest journal (a crash mid-write) is dropped, any other damage
// refuses to open.

export interface RecoveryOutcome {
  readonly hasSnapshot: boolean;
  readonly lastGeneration: number;
  readonly replayedRecords: number;
}

// `nextVersion` numbers what is applied. Indexes are built once at the end, except those whose
// keys the snapshot holds.
export function recoverDataDir(dataDir: string, catalog: StoreCatalog, nextVersion: () => number): RecoveryOutcome {
  catalog.deferIndexes = true;
  try {
    const snapshotPath = path.join(dataDir, SNAPSHOT_FILE);
    const hasSnapshot = fs.existsSync(snapshotPath);
    const snapshotGeneration = hasSnapshot ? loadSnapshot(snapshotPath, catalog, nextVersion) : 0;
    return { hasSnapshot, ...replayJournals(dataDir, snapshotGeneration, catalog, nextVersion) };
  } finally {
    catalog.buildDeferredIndexes();
  }
}

interface LoadedIndex {
  builder: PackedTreeBuilder;
  multikey: boolean;
}

// Applies the snapshot; answers its generation.
function loadSnapshot(snapshotPath: string, catalog: StoreCatalog, nextVersion: () => number): number {
  const scan = scanFrames(fs.readFileSync(snapshotPath));
  let header: JournalOperation | undefined;
  let end: JournalOperation | undefined;
  const loaded = new Map<CollectionStore, Map<string, LoadedIndex>>();
  // Per collection, its documents' _id keys, so index entries share those strings.
  const idKeys = new Map<CollectionStore, Map<string, string>>();
  for (const payload of scan.payloads) {
    for (const operation of decodeRecord(payload, true)) {
      header ??= operation;
      end = operation;
      if (operation.kind === 'indexKeys') {
        if (header.kind !== 'snapshotHeader' || header.format !== SNAPSHOT_FORMAT) continue;
        const collection = catalog.ensureCollection(operation.db, operation.collection);
        const perIndex = loaded.get(collection) ?? new Map<string, LoadedIndex>();
        loaded.set(collection, perIndex);
        const target = perIndex.get(operation.name) ?? {
          builder: new PackedTreeBuilder(),
          multikey: operation.multikey,
        };
        perIndex.set(operation.name, target);
        // A snapshot writes a collection's documents before its index keys.
        const ids = idKeys.get(collection) ?? collection.idKeys();
        idKeys.set(collection, ids);
        const entries = Buffer.isBuffer(operation.entries) ? operation.entries : Buffer.from(operation.entries.buffer);
        loadIndexEntries(entries, target.builder, ids);
        continue;
      }
      catalog.apply(operation, nextVersion(), false);
    }
  }
  idKeys.clear();
  // Collections whose every index came with the snapshot need no rebuild: load them and
  // replay the journals onto them.
  for (const [collection, perIndex] of loaded) {
    const indexes = collection.allIndexes();
    if (!indexes.every((index) => perIndex.has(index.name))) continue;
    for (const index of indexes) {
      const keys = perIndex.get(index.name) as LoadedIndex;
      index.loadBuilt(keys.builder);
      index.multikey = keys.multikey;
    }
    collection.deferIndexes = false;
  }
  // The snapshot is renamed into place only when complete, so a damaged one is not a torn
  // write but lost data: refuse to guess.
  if (header?.kind !== 'snapshotHeader' || end?.kind !== 'snapshotEnd' || scan.torn) {
    throw new Error(`embedded MongoDB snapshot ${snapshotPath} is damaged; refusing to open the data directory`);
  }
  return header.generation;
}

// Replays the journals from the snapshot's generation on.
function replayJournals(
  dataDir: string,
  snapshotGeneration: number,
  catalog: StoreCatalog,
  nextVersion: () => number,
): { lastGeneration: number; replayedRecords: number } {
  let lastGeneration = snapshotGeneration;
  let replayedRecords = 0;
  const generations = listJournalGenerations(dataDir).filter((generation) => generation >= snapshotGeneration);
  for (const generation of generations) {
    lastGeneration = Math.max(lastGeneration, generation);
    const journalPath = path.join(dataDir, journalFileName(generation));
    const data = fs.readFileSync(journalPath);
    const scan = scanFrames(data);
    if (scan.torn) {
      // Only the very end of the newest journal can be torn by a crash.
      const intactAfter = findIntactFrameAfter(data, scan.validLength);
      if (intactAfter !== undefined) {
        throw new JournalCorruptedError(
          journalPath,
          scan.validLength,
          `an intact record follows at offset ${intactAfter}`,
          dataDir,
        );
      }
      if (generation !== generations[generations.length - 1]) {
        throw new JournalCorruptedError(journalPath, scan.validLength, 'a newer journal follows this one', dataDir);
      }
    }
    for (const payload of scan.payloads) {
      const version = nextVersion();
      for (const operation of decodeRecord(payload, true)) catalog.apply(operation, version, false);
      replayedRecords++;
    }
    if (scan.torn) {
      // A record cut short by a crash was never acknowledged: drop it.
      truncateDurably(journalPath, scan.validLength);
    }
  }
  return { lastGeneration, replayedRecords };
}
