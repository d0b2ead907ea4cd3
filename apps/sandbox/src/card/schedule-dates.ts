// Calendar arithmetic of recurring schedules. Omise schedules are calendar dates, not instants;
// for a Japanese merchant a date is a day in Japan time, so "today" is the sandbox clock's date
// in Asia/Tokyo (UTC+9, no daylight saving).
import type { StoredSchedule, Weekday } from './card-store';

const DAY_MS = 86_400_000;
const JAPAN_OFFSET_MS = 9 * 3_600_000;

export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const satisfies readonly Weekday[];

export function japanDate(at: Date): string {
  return new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}

function toUtcMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function fromUtcMidnight(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtcMidnight(toUtcMidnight(date) + days * DAY_MS);
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = toUtcMidnight(value);
  return !Number.isNaN(ms) && fromUtcMidnight(ms) === value;
}

type Recurrence = Pick<StoredSchedule, 'every' | 'period' | 'on' | 'start_on' | 'end_on'>;

/** Every date the schedule charges on, from start_on to end_on inclusive, in order. */
export function* scheduleDates(schedule: Recurrence): Generator<string> {
  const { every, start_on: start, end_on: end } = schedule;
  if (schedule.period === 'day') {
    for (let date = start; date <= end; date = addDays(date, every)) yield date;
    return;
  }
  if (schedule.period === 'week') {
    const weekdays = [...new Set(schedule.on.weekdays ?? [])].map((day) => WEEKDAYS.indexOf(day)).sort((a, b) => a - b);
    const startMs = toUtcMidnight(start);
    const firstSunday = startMs - new Date(startMs).getUTCDay() * DAY_MS;
    for (let week = firstSunday; fromUtcMidnight(week) <= end; week += every * 7 * DAY_MS) {
      for (const offset of weekdays) {
        const date = fromUtcMidnight(week + offset * DAY_MS);
        if (date > end) return;
        if (date >= start) yield date;
      }
    }
    return;
  }
  const days = [...new Set(schedule.on.days_of_month ?? [])].sort((a, b) => a - b);
  const [startYear, startMonth] = start.split('-').map(Number) as [number, number];
  for (let month = startYear * 12 + (startMonth - 1); ; month += every) {
    const prefix = `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;
    if (`${prefix}-01` > end) return;
    for (const day of days) {
      const date = `${prefix}-${String(day).padStart(2, '0')}`;
      if (date > end) return;
      if (date >= start) yield date;
    }
  }
}

/** Upcoming dates not yet run, as Omise's next_occurrences_on (at most 30). */
export function nextOccurrencesOn(schedule: StoredSchedule, today: string): string[] {
  if (schedule.status !== 'active') return [];
  const done = new Set(schedule.occurrences.map((occurrence) => occurrence.scheduled_on));
  const next: string[] = [];
  for (const date of scheduleDates(schedule)) {
    if (date >= today && !done.has(date)) next.push(date);
    if (next.length === 30) break;
  }
  return next;
}

function ordinal(day: number): string {
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `${day}${suffix}`;
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Omise's `in_words`, e.g. "Every 1 month(s) on the 15th". */
export function inWords(schedule: Recurrence): string {
  const base = `Every ${schedule.every} ${schedule.period}(s)`;
  if (schedule.period === 'week') {
    const days = WEEKDAYS.filter((day) => schedule.on.weekdays?.includes(day)).map((day) => day[0]!.toUpperCase() + day.slice(1));
    return `${base} on ${joinWords(days)}`;
  }
  if (schedule.period === 'month') {
    const days = [...new Set(schedule.on.days_of_month ?? [])].sort((a, b) => a - b).map(ordinal);
    return `${base} on the ${joinWords(days)}`;
  }
  return base;
}
