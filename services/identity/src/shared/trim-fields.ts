// Surrounding whitespace is not part of an email or a name: trimmed before validation, so
// " Ann@Example.com " signs in as ann@example.com.
export function trimFields(body: unknown, fields: readonly string[]): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of fields) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = value.trim();
  }
  return copy;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
