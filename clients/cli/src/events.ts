import type { Crm } from '@crm/sdk';

// Follows GET /events: each event as a line (time, type, id), or as JSON with --json, until
// interrupted. The cursor to carry on from is printed on stderr when it stops.
export async function tailEvents(
  crm: Crm,
  options: { types?: string; after?: string; json: boolean; intervalMs?: number; signal: AbortSignal },
): Promise<number> {
  let last = options.after;
  const stop = () => {
    if (last) process.stderr.write(`\nTo carry on from here: crm events tail --after ${last}\n`);
  };
  options.signal.addEventListener('abort', stop, { once: true });
  for await (const event of crm.events.tail({
    types: options.types,
    after: options.after,
    intervalMs: options.intervalMs,
    signal: options.signal,
    onCursor: (cursor) => (last = cursor),
  })) {
    if (options.json) process.stdout.write(`${JSON.stringify(event)}\n`);
    else
      process.stdout.write(
        `${event.timestamp}  ${event.type.padEnd(32)} ${event.id}${event.redacted ? '  (redacted)' : ''}\n`,
      );
  }
  return 0;
}
