import type { Request } from 'express';
import type { UnitOfWork } from './unit-of-work';

// The progress of a resumable request (an operation declared `resumable`, called with an
// Idempotency-Key; docs/idempotency.md). Its handler commits its work in steps and records, in
// each step's transaction, where it stands; a retry of the same request after a crash starts from
// the last recorded state instead of from the beginning.
export interface Checkpoints<T> {
  // What the last step committed by an earlier run of this request recorded; undefined when no
  // step has committed yet.
  readonly last: T | undefined;
  // Records `state` in the step's transaction: call it inside the `commit` that writes the step.
  // Fails (409 request_in_progress) when another run of the request has taken the key over, so
  // the step's writes do not commit.
  save(unit: UnitOfWork, state: T): Promise<void>;
}

const provided = new WeakMap<Request, Checkpoints<unknown>>();

// The checkpoints of this request, or undefined when it runs without them (no Idempotency-Key):
// then each step simply commits, and a crash leaves the committed steps with nothing to resume.
export function checkpointsOf<T>(req: Request): Checkpoints<T> | undefined {
  return provided.get(req) as Checkpoints<T> | undefined;
}

export function provideCheckpoints(req: Request, checkpoints: Checkpoints<unknown>): () => void {
  provided.set(req, checkpoints);
  return () => provided.delete(req);
}
