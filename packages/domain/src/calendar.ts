// The platform's calendar is Japan's (Asia/Tokyo, UTC+9 all year, no daylight saving): a membership
// settlement month or a card's expiry year changes at midnight in Japan, whatever the time zone of
// the server or the browser that asks.
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** The date in Japan at the instant `now`. */
export function japanDateOf(now: Date): CalendarDate {
  const shifted = new Date(now.getTime() + JAPAN_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The instant midnight starts in Japan on the given date. */
export function japanMidnight({ year, month, day }: CalendarDate): Date {
  return new Date(Date.UTC(year, month - 1, day) - JAPAN_OFFSET_MS);
}

/** A date as YYYY-MM-DD, the form of every date the API takes (whether the day exists: isCalendarDate). */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The days from 1970-01-01 to `isoDate` (YYYY-MM-DD): the difference of two is the days between them. NaN for what no parser reads. */
export function dayNumber(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;
}

/** Whether the year, month (1–12) and day name a day a calendar has (2026-02-30 does not). */
export function isCalendarDate(year: number, month: number, date: number): boolean {
  const day = new Date(Date.UTC(year, month - 1, date));
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear keeps the year as given.
  day.setUTCFullYear(year);
  return day.getUTCFullYear() === year && day.getUTCMonth() === month - 1 && day.getUTCDate() === date;
}

/** Whether `isoDate` is YYYY-MM-DD and a day a calendar has. */
export function isIsoCalendarDate(isoDate: string): boolean {
  if (!ISO_DATE_PATTERN.test(isoDate)) return false;
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return isCalendarDate(year, month, day);
}

/** The date in Japan at `now` as YYYY-MM-DD: the form dates of recurring donations are stored in. */
export function japanIsoDate(now: Date): string {
  const { year, month, day } = japanDateOf(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The same day next month in Japan, capped at 28 (every month has it): when a monthly charge comes. */
export function nextMonthlyCharge(paidAt: Date): { day: number; on: string } {
  const { year, month, day } = japanDateOf(paidAt);
  const capped = Math.min(day, 28);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { day: capped, on: `${next.year}-${String(next.month).padStart(2, '0')}-${String(capped).padStart(2, '0')}` };
}
