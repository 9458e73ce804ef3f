import { implement, isoMicroseconds, validationFailed, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { auditEntryModel, type AuditEntryRecord } from './audit-entry.model';
import { auditEntryView } from './audit-entry-view';
import { listAuditLog } from './audit.operations';

const LATEST_TIMESTAMP = '9999-12-31T23:59:59.999999Z';

// Stored times are ISO strings with microseconds (see audit-time.ts), compared as text. Finer digits
// of `before` round up, so an entry at .123456 is older than .1234561.
export function olderThanBound(before: string): string {
  const fraction = /\.(\d+)/.exec(before)?.[1] ?? '';
  const ms = Date.parse(before.replace(/\.(\d{3})\d+/, '.$1'));
  if (Number.isNaN(ms)) throw validationFailed('before must be a valid date-time');
  const roundUp = /[1-9]/.test(fraction.slice(6)) ? 1 : 0;
  const bound = isoMicroseconds(ms * 1000 + Number(fraction.slice(3, 6).padEnd(3, '0')) + roundUp);
  // Past year 9999 the ISO text gains a `+` and no longer sorts as text.
  return bound.startsWith('+') ? LATEST_TIMESTAMP : bound;
}

// GET /audit-log: admins only (the permission matrix), the caller's workspace only.
export function auditOperations(context: ServiceContext): Implementation[] {
  const entries = () => auditEntryModel(context.connection);

  return [
    implement(listAuditLog, async ({ req, query }) => {
      const workspaceId = workspaceOf(req);
      const filter: Record<string, unknown> = { workspace_id: workspaceId };
      if (query.source !== 'all') filter.source = query.source;
      if (query.before !== undefined) filter.at = { $lt: olderThanBound(query.before) };
      const offset = query.offset ?? 0;
      const [page, total] = await Promise.all([
        entries()
          .find(filter)
          .sort({ at: -1, _id: -1 })
          .skip(offset)
          .limit(query.limit)
          .lean<AuditEntryRecord[]>()
          .exec(),
        entries().countDocuments(filter).exec(),
      ]);
      const more = offset + page.length < total;
      return {
        data: page.map(auditEntryView),
        total,
        next_before: more && page.length > 0 ? page[page.length - 1].at : null,
      };
    }),
  ];
}
