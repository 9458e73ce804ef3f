import { queryValidator } from '@crm/kit';

export const AUDIT_LOG_SOURCES = ['all', 'admin', 'record'] as const;
export const AUDIT_LOG_DEFAULT_LIMIT = 50;
export const AUDIT_LOG_MAX_LIMIT = 200;
// Like the companies list: deep offsets are for walking a filtered range, not the whole history.
export const AUDIT_LOG_MAX_OFFSET = 100000;

export interface AuditLogQuery {
  source: (typeof AUDIT_LOG_SOURCES)[number];
  before?: string;
  limit: number;
  offset: number | null;
}

// GET /audit-log (spec section 4).
export const auditLogQuerySchema = {
  type: 'object',
  properties: {
    source: { type: 'string', enum: [...AUDIT_LOG_SOURCES], default: 'all' },
    before: { type: 'string', format: 'date-time' },
    limit: { type: 'integer', minimum: 1, maximum: AUDIT_LOG_MAX_LIMIT, default: AUDIT_LOG_DEFAULT_LIMIT },
    offset: { type: 'integer', nullable: true, minimum: 0, maximum: AUDIT_LOG_MAX_OFFSET, default: 0 },
  },
};

const validateQuery = queryValidator<AuditLogQuery>(auditLogQuerySchema);

export function validateAuditLogQuery(query: unknown): AuditLogQuery {
  const copy: Record<string, unknown> = typeof query === 'object' && query !== null ? { ...query } : {};
  // The spec allows `offset` to be null; a query string can only spell it as text.
  if (copy.offset === 'null') copy.offset = null;
  return validateQuery(copy);
}
