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
