import { DateTime, declareOperation, ListOf, Named, Nullable, StringEnum, Strict, Type, type Static } from '@crm/kit';
import { admin } from '@crm/protos';
import { AUDIT_SOURCES } from './audit-entry.model';

export const AUDIT_LOG_SOURCES = ['all', 'admin', 'record'] as const;
export const AUDIT_LOG_DEFAULT_LIMIT = 50;
export const AUDIT_LOG_MAX_LIMIT = 200;
// Like the companies list: deep offsets are for walking a filtered range, not the whole history.
export const AUDIT_LOG_MAX_OFFSET = 100000;

// AuditEntry (spec section 2).
export const AuditEntry = Named(
  'AuditEntry',
  Strict({
    source: StringEnum(AUDIT_SOURCES),
    at: DateTime(),
    action: Nullable(Type.String()),
    object_type: Nullable(Type.String()),
    object_id: Nullable(Type.String()),
    object_name: Nullable(Type.String()),
    actor_type: Type.String(),
    actor: Nullable(Type.String()),
    summary: Nullable(Type.String()),
  }),
);
export type AuditEntryView = Static<typeof AuditEntry>;

export const listAuditLog = declareOperation({
  method: 'GET',
  path: '/audit-log',
  access: admin('settings:manage'),
  summary: 'The audit log of the workspace, newest first',
  description: 'Page with `before` (the previous page’s `next_before`) or with `offset`.',
  query: Type.Object({
    source: StringEnum(AUDIT_LOG_SOURCES, { default: 'all' }),
    before: Type.Optional(DateTime({ description: 'Only entries strictly older than this instant.' })),
    limit: Type.Integer({ minimum: 1, maximum: AUDIT_LOG_MAX_LIMIT, default: AUDIT_LOG_DEFAULT_LIMIT }),
    offset: Nullable(Type.Integer({ minimum: 0, maximum: AUDIT_LOG_MAX_OFFSET, default: 0 })),
  }),
  status: 200,
  response: Named(
    'AuditLogPage',
    ListOf(AuditEntry, { total: Type.Integer({ minimum: 0 }), next_before: Nullable(DateTime()) }),
  ),
});
