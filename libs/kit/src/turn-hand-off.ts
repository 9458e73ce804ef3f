import { AsyncLocalStorage } from 'node:async_hooks';

// Background work (event consumers' batches) takes turns on the event loop, one at a time
// (BackgroundTurns in @crm/bus); a turn is for computing. Work that starts waiting for the disk
// inside its turn hands the turn on, so the next batch computes while this one waits.
const handOff = new AsyncLocalStorage<() => void>();

// Runs `work` so that handOnTurn(), called anywhere in it, calls `handOn` (which must tolerate
// being called more than once).
export function runHandingOff<T>(handOn: () => void, work: () => Promise<T>): Promise<T> {
  return handOff.run(handOn, work);
}

// Called where work starts waiting for I/O: hands on the turn it runs in, if any.
export function handOnTurn(): void {
  handOff.getStore()?.();
}

// Whether the caller runs in a background turn (nobody waits on it the way a client waits on a
// request).
export function inBackgroundTurn(): boolean {
  return handOff.getStore() !== undefined;
}

// Long work inside a request (planning an import's 10,000 rows) gives the event loop a turn
// every `sliceMs` of computing, so other requests on the thread are not held for the whole of it:
// `const pause = timeSlices();` then `await pause()` between units of work. A pause costs nothing
// (no turn) until the slice is used up.
export const REQUEST_SLICE_MS = 20;

export function timeSlices(sliceMs = REQUEST_SLICE_MS): () => Promise<void> | undefined {
  let started = performance.now();
  const turn = (resolve: () => void) =>
    setImmediate(() => {
      started = performance.now();
      resolve();
    });
  return () => (performance.now() - started < sliceMs ? undefined : new Promise<void>(turn));
}
