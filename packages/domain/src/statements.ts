// The money an associate is owed, month by month (ADR 073): what a monthly statement holds, when a
// month closes, when it is paid out, and the sums on it. Every gift already records what Kifu keeps
// of it — its fee with consumption tax included (`commission`, spec §9's rate × 1.1, floored), and
// the rest as `transferAmount` — and a refund records the gift's fee worked out again on what it
// kept; a statement adds those up and never rounds a gift again.
//
// - A month's statement holds the gifts paid and the refunds made in that month in Japan, as they
//   stood when the month closed: at midnight in Japan on the 5th of the next month, which leaves
//   the month's last bank transfers and provider confirmations time to arrive. Something recorded
//   after its month closed — a bank transfer confirmed late, a refund — goes on the first statement
//   still open, so a closed statement never changes.
// - Consumption tax is worked out once per statement on its fees (tax-included totals, the way a
//   qualified invoice may state it): tax = floor(fees × 10 / 110), commission = fees − tax.
// - The net is gross − refunds − fees. A month whose refunds exceed its gifts owes Kifu: its
//   negative net is carried into the next month, never paid out as a negative transfer; a payout
//   that failed (ADR 073: closed account, holder mismatch) is carried likewise.
// - The payout is made on the 25th of the month after, or the weekday before when that is a
//   Saturday or Sunday (Japanese banks do not move money at weekends).
import { dayNumber, isIsoCalendarDate, japanDateOf, japanIsoDate, japanMidnight } from './calendar';
import { CONSUMPTION_TAX_RATE } from './constants';

/** The day of the next month a month's statement closes, at midnight in Japan. */
export const STATEMENT_CLOSE_DAY = 5;
/** The day of the next month a month's net is paid out (moved back to a weekday). */
export const PAYOUT_DAY = 25;

/** A payout: written before the bank is asked, processing until the payee's bank answers (ADR 075). */
export const PAYOUT_STATUSES = ['pending', 'processing', 'succeeded', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A statement month, 'YYYY-MM' in Japan. */
export type StatementMonth = string;

const monthParts = (month: StatementMonth) => {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new RangeError(`a statement month is YYYY-MM, got ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
};
const monthKey = (year: number, month: number): StatementMonth => `${year}-${String(month).padStart(2, '0')}`;

/** The month after `month`. */
export function nextStatementMonth(month: StatementMonth): StatementMonth {
  const { year, month: m } = monthParts(month);
  return m === 12 ? monthKey(year + 1, 1) : monthKey(year, m + 1);
}

/** The month in Japan at `at`. */
export function statementMonthAt(at: Date): StatementMonth {
  const { year, month } = japanDateOf(at);
  return monthKey(year, month);
}

/** When `month`'s statement closes: midnight in Japan on the 5th of the month after. */
export function statementCloseAt(month: StatementMonth): Date {
  const { year, month: m } = monthParts(nextStatementMonth(month) as StatementMonth);
  return japanMidnight({ year, month: m, day: STATEMENT_CLOSE_DAY });
}

/** When `month` ends: midnight in Japan on the first of the month after. */
export function statementMonthEnd(month: StatementMonth): Date {
  const { year, month: m } = monthParts(nextStatementMonth(month));
  return japanMidnight({ year, month: m, day: 1 });
}

/** The latest month whose statement has closed at `now`. */
export function lastClosedMonthAt(now: Date): StatementMonth {
  let month = previousStatementMonth(statementMonthAt(now));
  if (now.getTime() < statementCloseAt(month).getTime()) month = previousStatementMonth(month);
  return month;
}

/** The month before `month`. */
export function previousStatementMonth(month: StatementMonth): StatementMonth {
  const { year, month: m } = monthParts(month);
  return m === 1 ? monthKey(year - 1, 12) : monthKey(year, m - 1);
}

/**
 * The statement a gift or a refund goes on: the month it happened in (`at`, in Japan), or — when it
 * was recorded after that month had closed — the first month still open when it was recorded.
 */
export function statementMonthOf(at: Date, recordedAt: Date): StatementMonth {
  let month = statementMonthAt(at);
  while (recordedAt.getTime() >= statementCloseAt(month).getTime()) month = nextStatementMonth(month);
  return month;
}

/** The day `month`'s net is paid out, YYYY-MM-DD: the 25th of the month after, or the Friday before a weekend. */
export function payoutDateOf(month: StatementMonth): string {
  const { year, month: m } = monthParts(nextStatementMonth(month));
  const date = new Date(Date.UTC(year, m - 1, PAYOUT_DAY));
  const weekday = date.getUTCDay();
  if (weekday === 6) date.setUTCDate(PAYOUT_DAY - 1);
  if (weekday === 0) date.setUTCDate(PAYOUT_DAY - 2);
  return date.toISOString().slice(0, 10);
}

/** The consumption tax inside a tax-included fee total, floored (toward zero for a negative total). */
export function taxIncludedIn(feesWithTax: number): number {
  if (!Number.isSafeInteger(feesWithTax)) throw new RangeError(`fees must be whole yen, got ${feesWithTax}`);
  const taxPoints = Math.round(CONSUMPTION_TAX_RATE * 100);
  const tax = Math.floor((Math.abs(feesWithTax) * taxPoints) / (100 + taxPoints));
  return feesWithTax < 0 ? -tax : tax;
}

export interface StatementGiftLine {
  /** What the supporter paid. */
  amount: number;
  /** Kifu's fee on it with tax, as recorded on the gift when it was paid. */
  fee: number;
}

export interface StatementRefundLine {
  /** What went back to the supporter. */
  amount: number;
  /** The part of the gift's fee given back with it: the fee before the refund minus the fee after. */
  feeReturned: number;
}

export interface StatementTotals {
  gross: number;
  refunds: number;
  /** Fees with tax: the month's gifts' fees less those given back by refunds. */
  fees: number;
  /** Kifu's commission without tax. */
  commission: number;
  tax: number;
  /** gross − refunds − fees. */
  net: number;
  /** What earlier months left: a negative net, or a payout that failed. */
  carriedIn: number;
  /** What is paid out for this month (never negative). */
  payable: number;
  /** What moves to the next month: the negative balance when the month owes Kifu. */
  carriedOut: number;
}

export function statementTotals(
  gifts: readonly StatementGiftLine[],
  refunds: readonly StatementRefundLine[],
  carriedIn = 0,
): StatementTotals {
  const gross = gifts.reduce((sum, gift) => sum + gift.amount, 0);
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  const fees = gifts.reduce((sum, gift) => sum + gift.fee, 0) - refunds.reduce((sum, refund) => sum + refund.feeReturned, 0);
  const tax = taxIncludedIn(fees);
  const net = gross - refunded - fees;
  const balance = net + carriedIn;
  return {
    gross,
    refunds: refunded,
    fees,
    commission: fees - tax,
    tax,
    net,
    carriedIn,
    payable: Math.max(0, balance),
    carriedOut: Math.min(0, balance),
  };
}

/**
 * How far ahead a payout run "as of" a later day may reach (ADR 079): a statement closes and is paid
 * within two months, so a year and a bit walks any demo gift to its payout; further is a typing slip.
 */
export const PAYOUT_AS_OF_MAX_DAYS = 400;

/**
 * What is wrong with `asOf` (YYYY-MM-DD) as the day a demo or test payout run pretends it is, at
 * `now`: a day before today in Japan (it would change nothing) or more than PAYOUT_AS_OF_MAX_DAYS
 * ahead, or a day no calendar has; null when it may be used. The run then closes and pays as at noon in Japan on that day.
 */
export function payoutAsOfError(asOf: string, now: Date): 'validate.date' | 'pastDate' | 'payoutRun.asOfTooFar' | null {
  if (!isIsoCalendarDate(asOf)) return 'validate.date';
  const ahead = dayNumber(asOf) - dayNumber(japanIsoDate(now));
  if (ahead < 0) return 'pastDate';
  return ahead > PAYOUT_AS_OF_MAX_DAYS ? 'payoutRun.asOfTooFar' : null;
}

/** The instant a run "as of" `asOf` (YYYY-MM-DD) acts at: noon in Japan, well inside that day. */
export function payoutAsOfInstant(asOf: string): Date {
  const [year, month, day] = asOf.split('-').map(Number) as [number, number, number];
  return new Date(japanMidnight({ year, month, day }).getTime() + 12 * 60 * 60_000);
}
