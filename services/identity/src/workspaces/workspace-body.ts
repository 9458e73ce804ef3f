// Spelling that does not change the meaning is normalised before validation: surrounding
// spaces of the name, the case of the currency code.
export function normaliseWorkspaceBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof copy.name === 'string') copy.name = copy.name.trim();
  const settings = copy.settings;
  if (typeof settings === 'object' && settings !== null && !Array.isArray(settings)) {
    const settingsCopy: Record<string, unknown> = { ...(settings as Record<string, unknown>) };
    if (typeof settingsCopy.currency === 'string') settingsCopy.currency = settingsCopy.currency.trim().toUpperCase();
    if (typeof settingsCopy.timezone === 'string') settingsCopy.timezone = settingsCopy.timezone.trim();
    copy.settings = settingsCopy;
  }
  return copy;
}
