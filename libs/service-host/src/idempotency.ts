import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import {
  AppError,
  globalCollection,
  IDEMPOTENT_REPLAYED_HEADER,
  isDuplicateKey,
  isUuid,
  openText,
  sealText,
  type InternalClaims,
  type OperationAnswer,
} from '@crm/kit';

// Idempotency keys (docs/idempotency.md): the first request with a key claims it with a leased
// lock row, written on its own; the answer is stored in that row in the request's transaction,
// together with the change, so a stored answer exists exactly when the change committed.
//
// Neither the key nor the answer is kept readable: the row's id is a digest of the caller's scope
// and the key, and the answer (which may carry a secret shown once, such as a new API key or a
// webhook's signing secret, or a person's data) is sealed with AES-256-GCM under a key derived
// from the same scope and key. Only a retry that presents the key can open it.
//
// An answer may show a person (a created contact, a note naming them). So that an erasure can
// drop it without opening it, the row keeps digests of the ids the answer names (`refs`, each the
// SHA-256 of the workspace and the id): the service erasing a person forgets every answer naming
// their id or a record the erasure rewrote (forgetAnswersNaming); a retry with such a key is then
// told so, not answered with the person's data, and the request is not run again.

export const IDEMPOTENCY_KEYS_COLLECTION = 'idempotency_keys';
const IDEMPOTENCY_KEY_MODEL = 'IdempotencyKey';
// How long a stored answer is replayed.
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
// How long a claim holds without its request finishing before a retry may take it over: longer
// than a transaction may live (60 s on MongoDB and the embedded store), so the first request's
// transaction has ended by then.
export const IDEMPOTENCY_LEASE_MS = 90 * 1000;
// The lease of a resumable request (an operation declared `resumable`): its steps commit one by
// one, each checking the claim in its own transaction, so the lease need not outlive a
// transaction. The holder renews it while it runs (every quarter of it), and a retry after a crash
// takes the key over within this time.
export const RESUMABLE_LEASE_MS = 10 * 1000;

export interface IdempotencyKeyRow {
  // SHA-256 of the scope and the key: the key itself is not kept.
  _id: string;
  workspace_id: string | null;
  actor_type: string;
  actor_id: string | null;
  // SHA-256 of the method, the path with its query and the body.
  request_digest: string;
  // forgotten: the answer named an erased person and is gone; the request is not run again.
  state: 'running' | 'done' | 'forgotten';
  lock_token: string | null;
  locked_until: Date | null;
  status: number | null;
  // The answer's body and headers as JSON, sealed (sealText in @crm/kit).
  answer: string | null;
  // SHA-256 of the workspace and of each id (UUID) the answer names, at any depth.
  refs: string[];
  // A resumable request's progress, sealed likewise: what its committed steps did.
  checkpoint: string | null;
  created_at: Date;
  expires_at: Date;
}

const idempotencyKeySchema = new Schema<IdempotencyKeyRow>(
  {
    _id: { type: String, required: true },
    workspace_id: { type: String, default: null },
    actor_type: { type: String, required: true },
    actor_id: { type: String, default: null },
    request_digest: { type: String, required: true },
    state: { type: String, required: true },
    lock_token: { type: String, default: null },
    locked_until: { type: Date, default: null },
    status: { type: Number, default: null },
    answer: { type: String, default: null },
    refs: { type: [String], default: [] },
    checkpoint: { type: String, default: null },
    created_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
  },
  { collection: IDEMPOTENCY_KEYS_COLLECTION, versionKey: false, minimize: false },
);
idempotencyKeySchema.plugin(globalCollection, {
  reason:
    'keys of every caller, callers before onboarding included: the id is a digest of the workspace, the caller and the key',
});
idempotencyKeySchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });
idempotencyKeySchema.index({ refs: 1 });

export function idempotencyKeyModel(connection: Connection): Model<IdempotencyKeyRow> {
  const existing = connection.models[IDEMPOTENCY_KEY_MODEL] as Model<IdempotencyKeyRow> | undefined;
  return existing ?? connection.model<IdempotencyKeyRow>(IDEMPOTENCY_KEY_MODEL, idempotencyKeySchema);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// A key as the host uses it: the row's id, and the key that seals the row's answer. Both come
// from the caller's scope (workspace and actor) and the key, and the key itself is not kept.
export interface KeyRef {
  id: string;
  sealKey: Buffer;
}

const SEAL_INFO = 'crm idempotency answer v1';

export function keyRefOf(claims: InternalClaims, key: string): KeyRef {
  const scoped = JSON.stringify([claims.workspace_id ?? null, claims.actor.type, claims.actor.id ?? null, key]);
  return { id: sha256(scoped), sealKey: Buffer.from(hkdfSync('sha256', scoped, '', SEAL_INFO, 32)) };
}

interface StoredAnswer {
  body: unknown;
  headers: Record<string, string>;
}

// Sealed with the row id as context, so a sealed answer cannot be moved to another row.
const sealAnswer = (ref: KeyRef, answer: StoredAnswer): string => sealText(ref.sealKey, JSON.stringify(answer), ref.id);
const openAnswer = (ref: KeyRef, text: string): StoredAnswer =>
  JSON.parse(openText(ref.sealKey, text, ref.id)) as StoredAnswer;
// A checkpoint is sealed with another context, so it cannot be passed off as an answer.
const checkpointContext = (ref: KeyRef) => `${ref.id} checkpoint`;

// Method, path with query, and the parsed body (the same JSON as sent, whatever its spacing).
export function requestDigestOf(method: string, url: string, body: unknown): string {
  return sha256(JSON.stringify([method, url, body ?? null]));
}

// How a row names a record without naming it in clear: the workspace and the id, digested.
const refOf = (workspaceId: string | null, id: string) => sha256(JSON.stringify([workspaceId, id.toLowerCase()]));

// Every id (UUID) an answer's body names, at any depth.
function idsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (isUuid(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) idsIn(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) idsIn(item, into);
  }
  return into;
}

export type Claim = { kind: 'claimed'; lockToken: string } | { kind: 'replay'; answer: OperationAnswer };

// Another request holds the key (or took it over from this one: a resumable request's step then
// fails with it, and the request stops).
export class RequestInProgressError extends AppError {
  constructor() {
    super('request_in_progress', 'a request with this Idempotency-Key is still running; retry shortly', 409, {
      'Retry-After': '1',
    });
  }
}

const inProgress = () => new RequestInProgressError();
const reused = () =>
  new AppError(
    'idempotency_key_reused',
    'this Idempotency-Key was used for a different request (method, path or body)',
    422,
  );
const forgotten = () =>
  new AppError(
    'idempotency_answer_erased',
    'the request with this Idempotency-Key was carried out, but its answer named a person whose data has since been erased, so it is no longer kept; read the records again',
    409,
  );

// Claims the key for this request, or answers what a request before it with the same key has:
// its stored answer, 409 while it runs, 422 when it was another request.
export async function claimKey(
  connection: Connection,
  claims: InternalClaims,
  ref: KeyRef,
  digest: string,
  now: Date = new Date(),
  leaseMs: number = IDEMPOTENCY_LEASE_MS,
): Promise<Claim> {
  const model = idempotencyKeyModel(connection);
  const { id } = ref;
  for (let attempt = 0; attempt < 5; attempt++) {
    const lockToken = randomBytes(16).toString('hex');
    const lease = { lock_token: lockToken, locked_until: new Date(now.getTime() + leaseMs) };
    try {
      await model.create([
        {
          _id: id,
          workspace_id: claims.workspace_id ?? null,
          actor_type: claims.actor.type,
          actor_id: claims.actor.id ?? null,
          request_digest: digest,
          state: 'running',
          ...lease,
          status: null,
          answer: null,
          refs: [],
          checkpoint: null,
          created_at: now,
          expires_at: new Date(now.getTime() + IDEMPOTENCY_KEY_RETENTION_MS),
        },
      ]);
      return { kind: 'claimed', lockToken };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const existing = await model.findOne({ _id: id }).lean<IdempotencyKeyRow>().exec();
    if (!existing) continue;
    // Past its retention but not swept yet: as if it were gone.
    if (existing.expires_at <= now) {
      await model.deleteOne({ _id: id, expires_at: existing.expires_at, lock_token: existing.lock_token });
      continue;
    }
    if (existing.request_digest !== digest) throw reused();
    if (existing.state === 'done') return { kind: 'replay', answer: replayOf(ref, existing) };
    if (existing.state === 'forgotten') throw forgotten();
    if (existing.locked_until && existing.locked_until > now) throw inProgress();
    // The request that held it died (or outlived its lease): this one takes it over.
    const taken = await model.updateOne(
      { _id: id, state: 'running', lock_token: existing.lock_token },
      { $set: lease },
    );
    if (taken.modifiedCount === 1) return { kind: 'claimed', lockToken };
  }
  throw inProgress();
}

function replayOf(ref: KeyRef, row: IdempotencyKeyRow): OperationAnswer {
  const stored = row.answer === null ? { body: undefined, headers: {} } : openAnswer(ref, row.answer);
  return {
    status: row.status ?? 200,
    body: stored.body,
    headers: { ...stored.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' },
  };
}

// Stores the answer in the claimed row, in the request's transaction: only while this request
// still holds the claim (a request taking over after the lease makes this one fail instead).
export async function storeAnswer(
  connection: Connection,
  ref: KeyRef,
  lockToken: string,
  answer: OperationAnswer,
  workspaceId: string | null,
): Promise<void> {
  const stored = await idempotencyKeyModel(connection).updateOne(
    { _id: ref.id, state: 'running', lock_token: lockToken },
    {
      $set: {
        state: 'done',
        lock_token: null,
        locked_until: null,
        status: answer.status,
        answer: sealAnswer(ref, { body: answer.body, headers: answer.headers }),
        refs: [...idsIn(answer.body)].map((id) => refOf(workspaceId, id)),
        checkpoint: null,
      },
    },
  );
  if (stored.matchedCount !== 1) throw inProgress();
}

// Checks at the start of the request's transaction that the claim is still this request's.
export async function assertClaimHeld(connection: Connection, id: string, lockToken: string): Promise<void> {
  const held = await idempotencyKeyModel(connection).exists({ _id: id, state: 'running', lock_token: lockToken });
  if (!held) throw inProgress();
}

// A request that failed gives its key back, so a retry runs again: only successes are stored.
export async function releaseKey(connection: Connection, id: string, lockToken: string): Promise<void> {
  await idempotencyKeyModel(connection).deleteOne({ _id: id, state: 'running', lock_token: lockToken });
}

// A person's erasure: every stored answer of the workspace that names one of the ids (the
// person's, and those of records the erasure rewrote) loses its answer. In the erasure's
// transaction when given one. Answers how many were forgotten.
export async function forgetAnswersNaming(
  connection: Connection,
  workspaceId: string,
  ids: readonly string[],
  session?: ClientSession,
): Promise<number> {
  if (!workspaceId) throw new Error('forgetAnswersNaming needs the workspace whose answers it forgets');
  if (ids.length === 0) return 0;
  const refs = [...new Set(ids.map((id) => refOf(workspaceId, id)))];
  const forgottenRows = await idempotencyKeyModel(connection).updateMany(
    { workspace_id: workspaceId, state: 'done', refs: { $in: refs } },
    { $set: { state: 'forgotten', status: null, answer: null, refs: [] } },
    session ? { session } : {},
  );
  return forgottenRows.modifiedCount;
}

// The checkpoint a resumable request left under this claim (read after claiming, so a step the
// previous holder committed before the takeover is seen), or undefined before its first step.
export async function readCheckpoint(connection: Connection, ref: KeyRef, lockToken: string): Promise<unknown> {
  const row = await idempotencyKeyModel(connection)
    .findOne({ _id: ref.id, state: 'running', lock_token: lockToken })
    .lean<IdempotencyKeyRow>()
    .exec();
  if (!row) throw inProgress();
  return !row.checkpoint ? undefined : JSON.parse(openText(ref.sealKey, row.checkpoint, checkpointContext(ref)));
}

// Records a step's checkpoint in the step's transaction, only while this request holds the claim:
// a request that lost it (taken over after its lease) fails the step, so its writes never commit.
// The write to the key row also makes the step conflict with a takeover racing it.
export async function saveCheckpoint(
  connection: Connection,
  ref: KeyRef,
  lockToken: string,
  state: unknown,
  session: ClientSession,
  now: Date = new Date(),
): Promise<void> {
  const saved = await idempotencyKeyModel(connection).updateOne(
    { _id: ref.id, state: 'running', lock_token: lockToken },
    {
      $set: {
        checkpoint: sealText(ref.sealKey, JSON.stringify(state), checkpointContext(ref)),
        locked_until: new Date(now.getTime() + RESUMABLE_LEASE_MS),
      },
    },
    { session },
  );
  if (saved.matchedCount !== 1) throw inProgress();
}

// Keeps a resumable request's claim alive while it runs; false once it is no longer this request's.
export async function renewLease(
  connection: Connection,
  id: string,
  lockToken: string,
  now: Date = new Date(),
): Promise<boolean> {
  const renewed = await idempotencyKeyModel(connection).updateOne(
    { _id: id, state: 'running', lock_token: lockToken },
    { $set: { locked_until: new Date(now.getTime() + RESUMABLE_LEASE_MS) } },
  );
  return renewed.matchedCount === 1;
}

// A resumable request that failed after committing steps keeps its checkpoint (giving the key back
// would let a retry apply those steps again) and ends its lease, so a retry of the same request
// resumes at once.
export async function setAsideKey(connection: Connection, id: string, lockToken: string): Promise<void> {
  await idempotencyKeyModel(connection).updateOne(
    { _id: id, state: 'running', lock_token: lockToken },
    { $set: { locked_until: null } },
  );
}
