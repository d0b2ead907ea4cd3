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
