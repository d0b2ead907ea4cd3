// An associate's fiscal year (事業年度), for its donor register (ADR 061): it starts on the first of
// the associate's start month (associates.fiscal_year_start_month, 1–12, April by default) in Japan,
// and is named by the calendar year it starts in — with April, 2025-04-01 to 2026-03-31 is fiscal
// 2025 (2025年度), as Japanese organisations name theirs.
import { japanDateOf, japanIsoDate, japanMidnight } from './calendar';
import type { Locale } from './enums';

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function checkStartMonth(startMonth: number): void {
  if (!Number.isInteger(startMonth) || startMonth < 1 || startMonth > 12)
    throw new RangeError(`A fiscal year starts in a month from 1 to 12, not ${startMonth}`);
}

/** The year and month (1–12) `months` months after the given one. */
function monthsLater(year: number, month: number, months: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The fiscal year the instant `date` falls in, by the date in Japan. */
export function fiscalYearOf(date: Date, startMonth: number): number {
  checkStartMonth(startMonth);
  const { year, month } = japanDateOf(date);
  return month >= startMonth ? year : year - 1;
}

/**
 * The instants a fiscal year runs between, half-open: from midnight in Japan on its first day
 * (`start`, included) to midnight in Japan on the next one's first day (`end`, excluded), so
 * `start <= paidAt < end` picks its gifts.
 */
export function fiscalYearRange(fiscalYear: number, startMonth: number): { start: Date; end: Date } {
  checkStartMonth(startMonth);
  const next = monthsLater(fiscalYear, startMonth, 12);
  return {
    start: japanMidnight({ year: fiscalYear, month: startMonth, day: 1 }),
    end: japanMidnight({ ...next, day: 1 }),
  };
}

/**
 * When the donor register of a fiscal year must be made: within three months of the start of the
 * following fiscal year (NPO Act, 特定非営利活動促進法, article 54: "毎事業年度初めの三月以内に、前事業年度の
 * 寄附者名簿を作成"). With April, fiscal 2025's register is due by 2026-06-30. `lastDay` is that
 * last day in Japan (YYYY-MM-DD), `overdueAt` the instant after it.
 */
export function donorRegisterDueDate(fiscalYear: number, startMonth: number): { lastDay: string; overdueAt: Date } {
  checkStartMonth(startMonth);
  const overdueAt = japanMidnight({ ...monthsLater(fiscalYear, startMonth, 15), day: 1 });
  return { lastDay: japanIsoDate(new Date(overdueAt.getTime() - 1)), overdueAt };
}

/** "2025年度（2025年4月〜2026年3月）" or "FY2025 (Apr 2025 – Mar 2026)". */
export function fiscalYearLabel(fiscalYear: number, startMonth: number, lang: Locale): string {
  checkStartMonth(startMonth);
  const last = monthsLater(fiscalYear, startMonth, 11);
  if (lang === 'en') return `FY${fiscalYear} (${MONTHS_EN[startMonth - 1]} ${fiscalYear} – ${MONTHS_EN[last.month - 1]} ${last.year})`;
  return `${fiscalYear}年度（${fiscalYear}年${startMonth}月〜${last.year}年${last.month}月）`;
}
