// Waits for an effect that follows asynchronously (an event consumed, a job run) by asking
// again until it shows, instead of sleeping a guessed time; fails naming what it waited for.

// Until `read` gives a value that `done` accepts; that value is returned, and the last one
// seen is reported on failure.
export async function waitUntil<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what = 'condition',
  timeoutMs = 20000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// Until `check` gives a value (not undefined, null or false), which is returned.
export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what = 'condition',
  timeoutMs = 20000,
): Promise<T> {
  const value = await waitUntil(
    check,
    (seen) => seen !== undefined && seen !== null && seen !== false,
    what,
    timeoutMs,
  );
  return value as T;
}
