// Dates as a workspace sees them: a timestamp's calendar day in the workspace time zone, and the
// buckets (day, week, month, quarter, year) reports group dates into. The zone's offset is looked
// up once per hour of time and reused, so 100,000 timestamps cost a few hundred Intl calls.

export const DATE_UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type DateUnit = (typeof DATE_UNITS)[number];

const HOUR = 3_600_000;
const offsets = new Map<string, Map<number, number>>();
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timezone, format);
  }
  return format;
}

// Minutes east of UTC at the given hour (zones change offsets on the hour or half hour; the
// half-hour ones keep their offset through the hour).
function offsetAt(timezone: string, hour: number): number {
  let zone = offsets.get(timezone);
  if (!zone) offsets.set(timezone, (zone = new Map<number, number>()));
  let offset = zone.get(hour);
  if (offset === undefined) {
    const parts = Object.fromEntries(
      formatter(timezone)
        .formatToParts(new Date(hour * HOUR))
        .map((part) => [part.type, part.value]),
    );
    const local = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
    );
    offset = local - hour * HOUR;
    zone.set(hour, offset);
  }
  return offset;
}

// Every zone's offset is a multiple of 15 minutes, so a timestamp's day is the same for the whole
// quarter hour it falls in: the day is worked out once per quarter hour and reused.
const QUARTER_HOUR = 900_000;
const days = new Map<string, Map<number, string>>();

// `YYYY-MM-DD` of a timestamp in the zone; a date-only value is already a day.
export function localDay(value: string, timezone: string): string {
  if (value.length === 10) return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value.slice(0, 10);
  let zone = days.get(timezone);
  if (!zone) days.set(timezone, (zone = new Map<number, string>()));
  const slot = Math.floor(ms / QUARTER_HOUR);
  let day = zone.get(slot);
  if (day === undefined) {
    day = new Date(ms + offsetAt(timezone, Math.floor(ms / HOUR))).toISOString().slice(0, 10);
    // A bounded memory: quarter hours of a few centuries at most.
    if (zone.size > 2_000_000) zone.clear();
    zone.set(slot, day);
  }
  return day;
}

export function today(timezone: string, now = Date.now()): string {
  return localDay(new Date(now).toISOString(), timezone);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// The bucket a day falls in: its key (sortable text) and how it is shown. Weeks start on Monday
// and are keyed by that Monday.
const buckets: Record<DateUnit, Map<string, { key: string; label: string }>> = {
  day: new Map(),
  week: new Map(),
  month: new Map(),
  quarter: new Map(),
  year: new Map(),
};

export function bucketOf(day: string, unit: DateUnit): { key: string; label: string } {
  const cache = buckets[unit];
  let bucket = cache.get(day);
  if (!bucket) {
    bucket = computeBucket(day, unit);
    if (cache.size > 200_000) cache.clear();
    cache.set(day, bucket);
  }
  return bucket;
}

function computeBucket(day: string, unit: DateUnit): { key: string; label: string } {
  const year = day.slice(0, 4);
  const month = Number(day.slice(5, 7));
  switch (unit) {
    case 'day':
      return { key: day, label: `${Number(day.slice(8, 10))} ${MONTHS[month - 1]} ${year}` };
    case 'week': {
      const date = new Date(`${day}T00:00:00Z`);
      const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
      return {
        key: monday,
        label: `Week of ${Number(monday.slice(8, 10))} ${MONTHS[Number(monday.slice(5, 7)) - 1]} ${monday.slice(0, 4)}`,
      };
    }
    case 'month':
      return { key: day.slice(0, 7), label: `${MONTHS[month - 1]} ${year}` };
    case 'quarter': {
      const quarter = Math.floor((month - 1) / 3) + 1;
      return { key: `${year}-Q${quarter}`, label: `Q${quarter} ${year}` };
    }
    case 'year':
      return { key: year, label: year };
  }
}

// `YYYY-MM` months from the first to the last, both included.
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  const end = last.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > end) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

// The day `months` calendar months before `day` (clamped to the month's end).
export function monthsBefore(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 - months;
  const target = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(Number(day.slice(8, 10)), lastDay));
  return target.toISOString().slice(0, 10);
}
