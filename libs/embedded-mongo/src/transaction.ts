import type { Document } from './bson-values';
import type { CollectionStore } from './collection-store';

export interface StagedWrite {
  readonly id: unknown;
  // The document as the transaction leaves it; null when the transaction deletes it.
  readonly doc: Document | null;
  // The document's BSON when the writer has it already, so the commit need not serialize it again.
  readonly bytes?: Buffer;
}

// Writes of one multi-document transaction, staged until commit. Only the owning session sees
// them; other writers run into the transaction's locks (unique keys and _id of what it wrote).
export class TransactionState {
  readonly staged = new Map<CollectionStore, Map<string, StagedWrite>>();
  readonly lockKeys = new Set<string>();
  // Unique index keys (as lock keys) of the documents staged so far, to the _id keys of those
  // documents: an insert checks the few that share its key, not every staged document. A document
  // staged again may no longer hold a key it is listed under; the check looks at what it holds now.
  readonly stagedUniqueKeys = new Map<string, Set<string>>();
  status: 'active' | 'committed' | 'aborted' = 'active';
  failure: Error | undefined;
  readonly finished: Promise<void>;
  private resolveFinished!: () => void;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    // Commit sequence when the transaction started: a document committed later by someone else
    // is a write conflict when the transaction writes it.
    readonly snapshotSequence: number,
    lifetimeMs: number,
    onExpired: (transaction: TransactionState) => void,
  ) {
    this.finished = new Promise((resolve) => {
      this.resolveFinished = resolve;
    });
    // Like MongoDB's transactionLifetimeLimitSeconds: an abandoned transaction must not hold its
    // locks forever.
    this.timer = setTimeout(() => onExpired(this), lifetimeMs);
    this.timer.unref();
  }

  get isActive(): boolean {
    return this.status === 'active';
  }

  stagedFor(collection: CollectionStore): Map<string, StagedWrite> | undefined {
    return this.staged.get(collection);
  }

  stage(collection: CollectionStore, idKey: string, write: StagedWrite): void {
    let writes = this.staged.get(collection);
    if (!writes) {
      writes = new Map();
      this.staged.set(collection, writes);
    }
    writes.set(idKey, write);
  }

  finish(status: 'committed' | 'aborted'): void {
    this.status = status;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.resolveFinished();
  }
}
