import type { Model } from 'mongoose';
import { inRequestTransaction } from '@crm/bus';
import {
  entityTagOf,
  ETAG_HEADER,
  idempotencyKeyOf,
  ifMatchHolds,
  ifNoneMatchMatches,
  preconditionFailed,
  preconditionsOf,
  type Implementation,
  type OperationAnswer,
  type OperationCall,
  type OperationInterceptor,
} from '@crm/kit';
import { provideCheckpoints } from './checkpoints';
import {
  assertClaimHeld,
  claimKey,
  keyRefOf,
  readCheckpoint,
  releaseKey,
  renewLease,
  requestDigestOf,
  RESUMABLE_LEASE_MS,
  saveCheckpoint,
  setAsideKey,
  storeAnswer,
  type KeyRef,
} from './idempotency';
import type { ServiceContext } from './service-context';

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

// Test-only fault injection (docs/idempotency.md): names an operation, e.g. `POST /companies`;
// the process kills itself right after an idempotent request of it commits, before answering.
export const KILL_AFTER_COMMIT_SETTING = 'CRM_TEST_KILL_AFTER_COMMIT';
// Test-only too: `POST /import/companies 3` kills the process when a keyed request of that
// operation records its third checkpoint, before that step commits (two steps are committed).
export const KILL_AT_CHECKPOINT_SETTING = 'CRM_TEST_KILL_AT_CHECKPOINT';

type VersionModel = Model<{ _id: string; workspace_id: string; version?: number }>;

// Around every operation of a service: idempotency keys and record preconditions, with the
// handler in one request transaction when either needs it (docs/idempotency.md,
// docs/concurrency.md). No handler does any of this itself.
export function requestInterceptor(
  context: ServiceContext,
  implementations: readonly Implementation[],
): OperationInterceptor {
  const { connection, logger } = context;
  const models = new Map<string, VersionModel>();
  for (const { declaration } of implementations) {
    if (declaration.etag === undefined || models.has(declaration.etag)) continue;
    const model = Object.values(connection.models).find(
      (candidate) => candidate.collection.collectionName === declaration.etag,
    );
    if (!model || !model.schema.path('version')) {
      throw new Error(
        `${declaration.method} ${declaration.path}: no model of ${declaration.etag} with a version on this service`,
      );
    }
    // Checked just above: its documents have a version, all the interceptor reads of them.
    models.set(declaration.etag, model as VersionModel);
  }
  const killAfter = context.env[KILL_AFTER_COMMIT_SETTING];
  if (killAfter)
    logger.warn(
      { operation: killAfter },
      `${KILL_AFTER_COMMIT_SETTING} is set: the process kills itself after such a request commits (tests only)`,
    );
  const killAt = /^(.+) (\d+)$/.exec(context.env[KILL_AT_CHECKPOINT_SETTING] ?? '');
  if (killAt)
    logger.warn(
      { operation: killAt[1], checkpoint: Number(killAt[2]) },
      `${KILL_AT_CHECKPOINT_SETTING} is set: the process kills itself at that checkpoint of such a request (tests only)`,
    );

  // The record's current version in the caller's workspace, null when there is none.
  async function currentVersion(call: OperationCall, id: unknown): Promise<number | null> {
    const model = models.get(call.declaration.etag!);
    const workspaceId = call.claims?.workspace_id;
    if (!model || typeof id !== 'string' || !workspaceId) return null;
    const record = await model
      .findOne({ _id: id, workspace_id: workspaceId }, { version: 1 })
      .lean<{ version?: number }>()
      .exec();
    return record ? (record.version ?? 1) : null;
  }

  // The same, for a read outside any transaction: straight from the driver's collection, without
  // a mongoose query's middleware and casting (a third of a record GET's cost otherwise). The
  // filter names the workspace as the tenancy plugin would.
  async function storedVersion(call: OperationCall, id: unknown): Promise<number | null> {
    const model = models.get(call.declaration.etag!);
    const workspaceId = call.claims?.workspace_id;
    if (!model || typeof id !== 'string' || !workspaceId) return null;
    const record = await model.collection.findOne({ _id: id, workspace_id: workspaceId } as object, {
      projection: { version: 1 },
    });
    return record ? ((record.version as number | undefined) ?? 1) : null;
  }

  async function read(call: OperationCall): Promise<OperationAnswer | undefined> {
    const { ifNoneMatch } = preconditionsOf(call.req);
    // A handler that notes the version its body was built from gives the tag exactly, with no read
    // of its own. Otherwise the version is read before the handler: a change in between gives an
    // older version than the body, which If-Match then only refuses (never a newer version for an
    // older body).
    const before = call.notesVersion ? null : await storedVersion(call, call.params.id);
    const answer = await call.run();
    const version = call.notesVersion ? (answer?.version ?? null) : before;
    if (!answer || answer.status !== 200 || version === null) return answer;
    const tag = entityTagOf(version, answer.body);
    if (ifNoneMatch && ifNoneMatchMatches(ifNoneMatch, tag))
      return { status: 304, body: undefined, headers: { [ETAG_HEADER]: tag } };
    answer.headers[ETAG_HEADER] = tag;
    return answer;
  }

  // The answer's tag: the version the handler noted its change wrote, or else read after the
  // handler (in the request transaction where there is one).
  async function tagAfter(
    call: OperationCall,
    answer: OperationAnswer | undefined,
  ): Promise<OperationAnswer | undefined> {
    if (!answer || call.declaration.etag === undefined || answer.status === 204) return answer;
    const version = call.notesVersion
      ? (answer.version ?? null)
      : await currentVersion(call, call.params.id ?? (answer.body as { id?: unknown } | undefined)?.id);
    if (version !== null) answer.headers[ETAG_HEADER] = entityTagOf(version, answer.body);
    return answer;
  }

  // A keyed request of a resumable operation: no request transaction; the handler's steps commit
  // one by one, each with its checkpoint, and the answer is stored once the last has committed.
  async function resumable(
    call: OperationCall,
    keyRef: KeyRef,
    lockToken: string,
  ): Promise<OperationAnswer | undefined> {
    const { declaration, req } = call;
    const operation = `${declaration.method} ${declaration.path}`;
    let saves = 0;
    let progressed = false;
    const heartbeat = setInterval(() => {
      renewLease(connection, keyRef.id, lockToken).catch((error: unknown) =>
        logger.warn({ err: error }, 'idempotency lease not renewed'),
      );
    }, RESUMABLE_LEASE_MS / 4);
    heartbeat.unref();
    try {
      const last = await readCheckpoint(connection, keyRef, lockToken);
      progressed = last !== undefined;
      const withdraw = provideCheckpoints(req, {
        last,
        save: async (unit, state) => {
          saves += 1;
          if (killAt && killAt[1] === operation && Number(killAt[2]) === saves) process.kill(process.pid, 'SIGKILL');
          await saveCheckpoint(connection, keyRef, lockToken, state, unit.transaction);
          progressed = true;
        },
      });
      let answer: OperationAnswer | undefined;
      try {
        answer = await call.run();
      } finally {
        withdraw();
      }
      if (!answer) {
        if (!progressed) await releaseKey(connection, keyRef.id, lockToken);
        return answer;
      }
      await storeAnswer(connection, keyRef, lockToken, answer, call.claims?.workspace_id ?? null);
      if (killAfter === operation) process.kill(process.pid, 'SIGKILL');
      return answer;
    } catch (error) {
      const giveBack = progressed
        ? setAsideKey(connection, keyRef.id, lockToken)
        : releaseKey(connection, keyRef.id, lockToken);
      await giveBack.catch((release: unknown) => logger.warn({ err: release }, 'idempotency key not released'));
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  return async (call) => {
    const { declaration, req, claims } = call;
    const write = WRITES.has(declaration.method);
    if (declaration.etag !== undefined && !write) return read(call);
    const key =
      claims && write && !declaration.rawBody && !declaration.responseMediaType ? idempotencyKeyOf(req) : undefined;
    if (key === undefined && declaration.etag === undefined) return call.run();
    const { ifMatch } = declaration.etag !== undefined ? preconditionsOf(req) : {};

    // A create without a key runs as it always has (no one else knows the new record's id yet, so
    // its version read afterwards is the one the handler made).
    if (key === undefined && call.params.id === undefined) return tagAfter(call, await call.run());
    const keyRef = key === undefined ? undefined : keyRefOf(claims!, key);
    let lockToken: string | undefined;
    if (keyRef !== undefined) {
      const lease = declaration.resumable ? RESUMABLE_LEASE_MS : undefined;
      const claim = await claimKey(
        connection,
        claims!,
        keyRef,
        requestDigestOf(req.method, req.originalUrl, req.body),
        new Date(),
        lease,
      );
      if (claim.kind === 'replay') return claim.answer;
      if (declaration.resumable) return resumable(call, keyRef, claim.lockToken);
      lockToken = claim.lockToken;
    }
    try {
      const answer = await inRequestTransaction(
        connection,
        async () => {
          // The first operation of the transaction, before the handler's (which may run at once).
          if (keyRef !== undefined) await assertClaimHeld(connection, keyRef.id, lockToken!);
          if (declaration.etag !== undefined && call.params.id !== undefined) {
            // In the transaction: a change committed after this read makes the handler's write
            // conflict, and the run again then sees it here.
            const current = await currentVersion(call, call.params.id);
            if (ifMatch && current !== null && !ifMatchHolds(ifMatch, current)) {
              throw preconditionFailed(
                `the record changed since it was read: it is now at version ${current}; read it again for its ETag`,
              );
            }
          }
          const answer = await tagAfter(call, await call.run());
          if (!answer) {
            // The handler answered by itself (nothing an operation taking a key should do): no
            // answer to keep, so the key is given back with the change instead of held busy.
            if (keyRef !== undefined) await releaseKey(connection, keyRef.id, lockToken!);
            return answer;
          }
          if (keyRef !== undefined)
            await storeAnswer(connection, keyRef, lockToken!, answer, claims!.workspace_id ?? null);
          return answer;
        },
        { onAfterCommitError: (error) => logger.error({ err: error }, 'after-commit work failed') },
      );
      if (keyRef !== undefined && killAfter === `${declaration.method} ${declaration.path}`)
        process.kill(process.pid, 'SIGKILL');
      return answer;
    } catch (error) {
      if (keyRef !== undefined)
        await releaseKey(connection, keyRef.id, lockToken!).catch((release: unknown) =>
          logger.warn({ err: release }, 'idempotency key not released'),
        );
      throw error;
    }
  };
}
