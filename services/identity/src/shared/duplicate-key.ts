// A unique index refused a write (MongoDB error 11000), optionally on a given field.
export function isDuplicateKey(error: unknown, field?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; keyPattern?: Record<string, unknown>; keyValue?: Record<string, unknown>; message?: unknown };
  if (candidate.code !== 11000) return false;
  if (!field) return true;
  if (candidate.keyPattern && field in candidate.keyPattern) return true;
  if (candidate.keyValue && field in candidate.keyValue) return true;
  return typeof candidate.message === 'string' && candidate.message.includes(field);
}
