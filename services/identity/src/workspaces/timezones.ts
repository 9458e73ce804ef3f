// IANA time zones as the runtime's ICU knows them. Offsets such as "+01:00" and abbreviations
// such as "GMT+1" are not zones: a zone follows its region's daylight-saving rules.
const SUPPORTED = new Map(Intl.supportedValuesOf('timeZone').map((zone) => [zone.toLowerCase(), zone]));
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*[A-Za-z0-9]$/;

// The zone as it will be stored, or null when it is not an IANA zone. Names are matched
// whatever their case and stored in the database's spelling ("europe/london" ->
// "Europe/London"); links the runtime knows ("UTC", "US/Eastern",
// "America/Argentina/Buenos_Aires") are kept as given, since they name the same rules.
export function canonicalTimeZone(name: string): string | null {
  if (!ZONE_NAME.test(name)) return null;
  const listed = SUPPORTED.get(name.toLowerCase());
  if (listed) return listed;
  // The supported list holds one name per zone; other valid names are checked by asking the
  // formatter, which throws a RangeError for a name it does not know.
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}
