import { TransactionState } from './transaction';

// The open transactions and the locks they hold: the _id and unique index keys of what each one
// wrote. Another transaction touching a locked key conflicts; a write outside a transaction
// waits for the holder to finish.
export class TransactionTable {
  private readonly locks = new Map<string, TransactionState>();
  private readonly open = new Set<TransactionState>();

  get hasOpen(): boolean {
    return this.open.size > 0;
  }

  get openCount(): number {
    return this.open.size;
  }

  openTransactions(): TransactionState[] {
    return [...this.open];
  }

  begin(
    snapshotSequence: number,
    lifetimeMs: number,
    onExpired: (transaction: TransactionState) => void,
  ): TransactionState {
    const transaction = new TransactionState(snapshotSequence, lifetimeMs, onExpired);
    this.open.add(transaction);
    return transaction;
  }

  lockHolder(key: string): TransactionState | undefined {
    return this.locks.get(key);
  }

  takeLocks(transaction: TransactionState, keys: Iterable<string>): void {
    for (const key of keys) {
      this.locks.set(key, transaction);
      transaction.lockKeys.add(key);
    }
  }

  // Frees the transaction's locks and ends it.
  release(transaction: TransactionState, status: 'committed' | 'aborted'): void {
    for (const key of transaction.lockKeys) {
      if (this.locks.get(key) === transaction) this.locks.delete(key);
    }
    transaction.lockKeys.clear();
    this.open.delete(transaction);
    transaction.finish(status);
  }

  // The oldest snapshot an open transaction reads (infinity when none is open): older versions
  // are no longer needed.
  oldestSnapshot(): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (const open of this.open) oldest = Math.min(oldest, open.snapshotSequence);
    return oldest;
  }
}
