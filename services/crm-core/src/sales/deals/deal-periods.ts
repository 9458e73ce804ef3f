// The calendar month and quarter that contain an instant in a time zone, as UTC instants
// (from inclusive, to exclusive), computed with the platform's time zone data (Intl).

export interface Period {
  from: string;
  to: string;
}

function formatterOf(timezone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

// A time zone the platform knows, else UTC (identity accepts any name up to 60 characters).
export function knownTimezone(timezone: string): string {
  try {
    formatterOf(timezone);
    return timezone;
  } catch {
    return 'UTC';
  }
}

function wallClock(format: Intl.DateTimeFormat, instant: number): { year: number; month: number; offset: number } {
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return { year: Number(parts.year), month: Number(parts.month), offset: asUtc - Math.floor(instant / 1000) * 1000 };
}

// The instant the local calendar reads `year-month-01 00:00` (month 1..12, may overflow into
// the next years); the second pass settles a daylight-saving change between guess and answer.
function startOfMonth(format: Intl.DateTimeFormat, year: number, month: number): string {
  const local = Date.UTC(year, month - 1, 1);
  const first = local - wallClock(format, local).offset;
  return new Date(local - wallClock(format, first).offset).toISOString();
}

export function periodsAt(now: Date, timezone: string): { month: Period; quarter: Period } {
  const format = formatterOf(timezone);
  const { year, month } = wallClock(format, now.getTime());
  const quarterMonth = month - ((month - 1) % 3);
  return {
    month: { from: startOfMonth(format, year, month), to: startOfMonth(format, year, month + 1) },
    quarter: { from: startOfMonth(format, year, quarterMonth), to: startOfMonth(format, year, quarterMonth + 3) },
  };
}
