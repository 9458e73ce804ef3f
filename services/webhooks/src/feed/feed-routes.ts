import { decodeCursor, encodeCursor, implement, validationFailed, workspaceOf, type Implementation } from '@crm/kit';
import { EVENT_CONTRACTS, eventTypeMatches, publicEventContracts } from '@crm/protos';
import type { WebhooksRuntime } from '../webhooks-runtime';
import { feedEntryModel, type FeedEntryRecord } from './feed.model';
import { listEvents } from './feed.operations';

const FEED_ORDER = 'feed';

function positionOf(after: string | undefined): number {
  if (after === undefined) return 0;
  const position = decodeCursor(after);
  if (
    position.sort !== FEED_ORDER ||
    typeof position.key !== 'number' ||
    !Number.isInteger(position.key) ||
    position.key < 0
  )
    throw validationFailed('after is not a cursor of this feed');
  return position.key;
}

const cursorAt = (seq: number) => encodeCursor({ key: seq, id: String(seq), sort: FEED_ORDER });

// The public types a `types` filter names; each pattern must name at least one.
function typesOf(filter: string | undefined): string[] | undefined {
  if (filter === undefined) return undefined;
  const known = publicEventContracts(EVENT_CONTRACTS).map((contract) => contract.type);
  const wanted = new Set<string>();
  for (const pattern of filter
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const matching = known.filter((type) => eventTypeMatches(pattern, type));
    if (matching.length === 0) throw validationFailed(`types: ${pattern} names no public event type`);
    for (const type of matching) wanted.add(type);
  }
  if (wanted.size === 0) throw validationFailed('types must name at least one event type');
  return [...wanted];
}

export function feedOperations(runtime: WebhooksRuntime): Implementation[] {
  return [
    implement(listEvents, async ({ req, query }) => {
      const workspaceId = workspaceOf(req);
      const after = positionOf(query.after);
      const types = typesOf(query.types);
      const filter: Record<string, unknown> = { workspace_id: workspaceId, seq: { $gt: after } };
      if (types) filter.type = { $in: types };
      const rows = await feedEntryModel(runtime.context.connection)
        .find(filter)
        .sort({ seq: 1 })
        .limit(query.limit + 1)
        .lean<FeedEntryRecord[]>()
        .exec();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map((entry) => ({
          id: entry._id,
          type: entry.type,
          timestamp: entry.occurred_at,
          data: entry.data,
          redacted: entry.redacted,
        })),
        next_cursor: cursorAt(last ? last.seq : after),
        has_more: rows.length > query.limit,
      };
    }),
  ];
}
