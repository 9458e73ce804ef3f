import { mongo } from 'mongoose';
import type { Store } from './store';
import type { TransactionState } from './transaction';

// A driver ClientSession whose transaction commands go to the embedded store instead of the
// network. `withTransaction()` (with its retry on TransientTransactionError), `inTransaction()`,
// `endSession()` and the transaction state machine are the driver's own code.

type ClientSessionConstructor = new (
  client: mongo.MongoClient,
  sessionPool: unknown,
  options: mongo.ClientSessionOptions & { explicit?: boolean },
  clientOptions: unknown,
) => mongo.ClientSession;

const ClientSessionBase = mongo.ClientSession as unknown as ClientSessionConstructor;

// The driver's transaction states (TxnState is internal to the driver).
const TxnState = {
  NO_TRANSACTION: 'NO_TRANSACTION',
  STARTING_TRANSACTION: 'STARTING_TRANSACTION',
  TRANSACTION_IN_PROGRESS: 'TRANSACTION_IN_PROGRESS',
  TRANSACTION_COMMITTED: 'TRANSACTION_COMMITTED',
  TRANSACTION_COMMITTED_EMPTY: 'TRANSACTION_COMMITTED_EMPTY',
  TRANSACTION_ABORTED: 'TRANSACTION_ABORTED',
} as const;

interface TransactionInternals {
  readonly state: string;
  transition(state: string): void;
}

export class EmbeddedSession extends ClientSessionBase {
  private embeddedTransaction: TransactionState | undefined;

  constructor(
    private readonly store: Store,
    client: mongo.MongoClient,
    sessionPool: unknown,
    options: mongo.ClientSessionOptions,
    clientOptions: unknown,
  ) {
    super(client, sessionPool, { explicit: true, ...options }, clientOptions);
  }

  private get transactionInternals(): TransactionInternals {
    return this.transaction as unknown as TransactionInternals;
  }

  override startTransaction(options?: mongo.TransactionOptions): void {
    super.startTransaction(options);
    this.embeddedTransaction = undefined;
  }

  // The store transaction for an operation run with this session, begun (and its snapshot taken)
  // by the first operation, as on a server.
  transactionForOperation(store: Store): TransactionState | undefined {
    if (store !== this.store)
      throw new mongo.MongoInvalidArgumentError('ClientSession must be from the same MongoClient');
    if (this.hasEnded) throw new mongo.MongoExpiredSessionError();
    if (!this.inTransaction()) return undefined;
    const internals = this.transactionInternals;
    if (internals.state === TxnState.STARTING_TRANSACTION) internals.transition(TxnState.TRANSACTION_IN_PROGRESS);
    this.embeddedTransaction ??= this.store.beginTransaction();
    return this.embeddedTransaction;
  }

  override async commitTransaction(): Promise<void> {
    const internals = this.transactionInternals;
    switch (internals.state) {
      case TxnState.NO_TRANSACTION:
        throw new mongo.MongoTransactionError('No transaction started');
      case TxnState.STARTING_TRANSACTION:
      case TxnState.TRANSACTION_COMMITTED_EMPTY:
        internals.transition(TxnState.TRANSACTION_COMMITTED_EMPTY);
        return;
      case TxnState.TRANSACTION_ABORTED:
        throw new mongo.MongoTransactionError('Cannot call commitTransaction after calling abortTransaction');
      case TxnState.TRANSACTION_COMMITTED:
        // A retried commit of a committed transaction succeeds again, as on a server.
        return;
      default:
        break;
    }
    const transaction = this.embeddedTransaction;
    this.embeddedTransaction = undefined;
    try {
      if (transaction) await this.store.commitTransaction(transaction);
    } catch (error) {
      internals.transition(TxnState.TRANSACTION_ABORTED);
      throw error;
    }
    internals.transition(TxnState.TRANSACTION_COMMITTED);
  }

  override async abortTransaction(): Promise<void> {
    const internals = this.transactionInternals;
    switch (internals.state) {
      case TxnState.NO_TRANSACTION:
        throw new mongo.MongoTransactionError('No transaction started');
      case TxnState.STARTING_TRANSACTION:
        internals.transition(TxnState.TRANSACTION_ABORTED);
        return;
      case TxnState.TRANSACTION_ABORTED:
        throw new mongo.MongoTransactionError('Cannot call abortTransaction twice');
      case TxnState.TRANSACTION_COMMITTED:
      case TxnState.TRANSACTION_COMMITTED_EMPTY:
        throw new mongo.MongoTransactionError('Cannot call abortTransaction after calling commitTransaction');
      default:
        break;
    }
    const transaction = this.embeddedTransaction;
    this.embeddedTransaction = undefined;
    if (transaction) this.store.abortTransaction(transaction);
    internals.transition(TxnState.TRANSACTION_ABORTED);
  }
}
