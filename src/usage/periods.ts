/** Calendar arithmetic for the usage reports, all in UTC. Dates are 'YYYY-MM-DD'. */

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD, as midnight UTC; null otherwise (2025-02-30, 2025-2-3). */
export function parseCalendarDate(text: string): Date | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // Date.UTC maps years 0..99 to 1900..1999
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

export const formatDate = (date: Date): string => date.toISOString().slice(0, 10);

/** Midnight UTC of the date's day; from the time alone, since Date.UTC takes years 0..99 for 1900..1999. */
export const startOfDay = (date: Date): Date => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/** The start of the bucket holding `date`: the day, the ISO week (Monday) or the month. */
export function bucketStart(date: Date, granularity: Granularity): Date {
  const day = startOfDay(date);
  if (granularity === 'day') return day;
  if (granularity === 'week') return addDays(day, -((day.getUTCDay() + 6) % 7));
  const month = new Date(day.getTime());
  month.setUTCDate(1);
  return month;
}

export function addBuckets(start: Date, granularity: Granularity, count: number): Date {
  if (granularity === 'day') return addDays(start, count);
  if (granularity === 'week') return addDays(start, 7 * count);
  return addMonths(start, count);
}

/** Buckets from the one holding `a` to the one holding `b`, both included. */
export function bucketsBetween(a: Date, b: Date, granularity: Granularity): number {
  const first = bucketStart(a, granularity);
  const last = bucketStart(b, granularity);
  if (granularity === 'month') {
    return (last.getUTCFullYear() - first.getUTCFullYear()) * 12 + (last.getUTCMonth() - first.getUTCMonth()) + 1;
  }
  const days = Math.round((last.getTime() - first.getTime()) / DAY_MS);
  return (granularity === 'week' ? days / 7 : days) + 1;
}

export interface Period {
  /** The bucket's natural start (a day, a Monday, the 1st), the key SQL groups by. */
  key: string;
  /** [start, end): the bucket clipped to the queried dates. */
  start: Date;
  end: Date;
}

/**
 * The periods of [startDate, endDate] (whole days) at this granularity, oldest first; only the
 * last `limit` when there are more (`total` says how many there are).
 */
export function periodsOf(startDate: Date, endDate: Date, granularity: Granularity, limit: number): { periods: Period[]; total: number } {
  const total = bucketsBetween(startDate, endDate, granularity);
  const rangeEnd = addDays(endDate, 1);
  const lastBucket = bucketStart(endDate, granularity);
  const count = Math.min(total, limit);
  const periods: Period[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const bucket = addBuckets(lastBucket, granularity, -i);
    const next = addBuckets(bucket, granularity, 1);
    periods.push({
      key: formatDate(bucket),
      start: bucket < startDate ? startDate : bucket,
      end: next > rangeEnd ? rangeEnd : next,
    });
  }
  return { periods, total };
}

/** Days in the calendar month starting at `monthStart`. */
export function daysInMonth(monthStart: Date): number {
  return Math.round((addMonths(monthStart, 1).getTime() - bucketStart(monthStart, 'month').getTime()) / DAY_MS);
}
