import * as fs from 'node:fs';
import * as path from 'node:path';
import { fsyncDirectory, journalFileName, listJournalGenerations, SNAPSHOT_FILE } from './data-dir';
import { JournalWriter } from './journal';
import { encodeRecordParts, type JournalOperation } from './journal-records';
import type { RecoveryOutcome } from './recovery';
import { writeSnapshot, type CapturedCollection } from './snapshot-file';

export interface PersistenceOptions {
  // How long a write that may wait gathers others into its fsync (see StoreOptions).
  readonly groupCommitMs: number;
  // Journal size that triggers a new snapshot, at least: a journal is also allowed to grow as
  // large as the last snapshot, so that rewriting the store costs a bounded share of each write
  // however large the store is (as Redis rewrites its append-only file once it has doubled).
  readonly compactThresholdBytes: number;
}

// The journal a store appends its writes to, and compaction: once the journal has grown past the
// threshold, writes go on in a new journal file while the state as of that instant is written as
// a new snapshot in the background; the journals it holds are then removed.
export class Persistence {
  private journal: JournalWriter | undefined;
  private generation = 0;
  private compaction: Promise<void> | undefined;
  private completedCompactions = 0;
  // Size of the snapshot on disk.
  private snapshotBytes = 0;

  constructor(
    private readonly dataDir: string,
    private readonly options: PersistenceOptions,
    // The state to snapshot, taken at one instant.
    private readonly capture: () => CapturedCollection[],
    // No compaction starts once the store is closing.
    private readonly isOpen: () => boolean,
  ) {}

  // Why the journal stopped taking writes, if it did.
  get failed(): Error | undefined {
    return this.journal?.failed;
  }

  get compactionsCompleted(): number {
    return this.completedCompactions;
  }

  // Starts a new journal and folds the replayed ones into a new snapshot, written in the
  // background like any compaction (recovery does not depend on it finishing). When there was
  // nothing to fold in, the current snapshot and (empty) journal are kept.
  startAfterRecovery(recovered: RecoveryOutcome): void {
    this.snapshotBytes = this.snapshotSize();
    const compact = recovered.replayedRecords > 0 || !recovered.hasSnapshot;
    const generation = compact ? recovered.lastGeneration + 1 : recovered.lastGeneration;
    this.generation = generation;
    this.journal = new JournalWriter(path.join(this.dataDir, journalFileName(generation)), {
      groupCommitMs: this.options.groupCommitMs,
      onBatchWritten: (size) => this.maybeCompact(size),
    });
    fsyncDirectory(this.dataDir);
    if (compact) this.beginCompaction(generation);
    else this.removeJournalsBefore(generation);
  }

  // Queues the operations (at least one) as one journal record; answers its sequence number.
  // `gather`: the record may wait groupCommitMs for others to share its fsync.
  append(operations: JournalOperation[], gather: boolean): number {
    return (this.journal as JournalWriter).append(encodeRecordParts(operations), gather);
  }

  // Writes the records waiting out groupCommitMs at the next turn.
  writeGathered(): void {
    this.journal?.writeGathered();
  }

  waitDurable(lsn: number): Promise<void> {
    return (this.journal as JournalWriter).waitDurable(lsn);
  }

  statistics(): { records: number; syncs: number } {
    return this.journal?.statistics ?? { records: 0, syncs: 0 };
  }

  // Resolves when nothing is waiting to be written and no snapshot is being written.
  async whenIdle(): Promise<void> {
    await this.journal?.idle();
    await this.compaction;
  }

  // Compacts now (used by tests and tools); resolves when the new snapshot is in place.
  async compact(): Promise<void> {
    const journal = this.journal as JournalWriter;
    while (journal.writing || this.compaction) {
      await journal.idle();
      await this.compaction;
    }
    this.maybeCompact(0, true);
    // Started by maybeCompact: the loop's narrowing of it to undefined no longer holds.
    await (this.compaction as Promise<void> | undefined);
  }

  async close(): Promise<void> {
    await this.journal?.close();
    await this.compaction;
  }

  // Called by the journal between batches: switch to a new journal file, then snapshot the state
  // as of that instant in the background.
  private maybeCompact(journalSize: number, force = false): void {
    if (this.compaction || !this.isOpen()) return;
    if (!force && journalSize < Math.max(this.options.compactThresholdBytes, this.snapshotBytes)) return;
    const generation = this.generation + 1;
    (this.journal as JournalWriter).switchTo(path.join(this.dataDir, journalFileName(generation)));
    fsyncDirectory(this.dataDir);
    this.generation = generation;
    this.beginCompaction(generation);
  }

  // Writes the snapshot of generation `generation` from the state right now: everything in the
  // journals before it, and possibly some of its own records, which replay again harmlessly.
  private beginCompaction(generation: number): void {
    const captured = this.capture();
    this.compaction = writeSnapshot(this.dataDir, generation, captured)
      .then(() => {
        this.removeJournalsBefore(generation);
        this.snapshotBytes = this.snapshotSize();
        this.completedCompactions++;
      })
      .catch((error: unknown) => {
        // The older snapshot and journals are still complete; the next compaction retries.
        process.emitWarning(
          `embedded MongoDB compaction failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      })
      .finally(() => {
        this.compaction = undefined;
      });
  }

  private snapshotSize(): number {
    try {
      return fs.statSync(path.join(this.dataDir, SNAPSHOT_FILE)).size;
    } catch {
      return 0;
    }
  }

  private removeJournalsBefore(generation: number): void {
    for (const older of listJournalGenerations(this.dataDir)) {
      if (older < generation) fs.rmSync(path.join(this.dataDir, journalFileName(older)), { force: true });
    }
    fsyncDirectory(this.dataDir);
  }
}
