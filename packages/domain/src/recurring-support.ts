// Managing recurring support (ADR 034): what a supporter may change on a monthly gift or
// an annual membership, when a change takes effect, and how its state reads. Dates are calendar
// dates in Japan (YYYY-MM-DD), as the provider's schedules and nextOccurrenceDate are.
import { japanIsoDate } from './calendar';

/** A pause lasts one to three charges. */
export const PAUSE_MONTHS = [1, 2, 3] as const;
export type PauseMonths = (typeof PAUSE_MONTHS)[number];
/** Schedules charge on days 1–28 so every month has the day. */
const MAX_CHARGE_DAY = 28;
/** A stop reason is for the organisation to read, not an essay. */
export const STOP_REASON_MAX_LENGTH = 500;

export type RecurringPeriod = 'monthly' | 'annual';

/** What the supporter sees: paused and retrying are active donations seen closer. */
export type RecurringState = 'pending' | 'active' | 'paused' | 'retrying' | 'suspended' | 'stopped';

export interface RecurringStateInput {
  status: 'pending' | 'active' | 'suspended' | 'stopped';
  pausedUntil: string | null;
  /** Set while a failed charge is being retried by the provider. */
  firstPaymentFailedAt: Date | string | null;
}

export function recurringState(recurring: RecurringStateInput, now: Date): RecurringState {
  if (recurring.status !== 'active') return recurring.status;
  if (recurring.pausedUntil !== null && recurring.pausedUntil > japanIsoDate(now)) return 'paused';
  if (recurring.firstPaymentFailedAt !== null) return 'retrying';
  return 'active';
}

/** The changes a supporter may make, by period: an annual membership's amount is its plan's. */
export function allowedChanges(
  period: RecurringPeriod,
  state: RecurringState,
): { amount: boolean; pause: boolean; skip: boolean; resume: boolean; stop: boolean } {
  const live = state === 'active' || state === 'paused' || state === 'retrying';
  return {
    amount: live && period === 'monthly',
    pause: (state === 'active' || state === 'retrying') && period === 'monthly',
    skip: (state === 'active' || state === 'retrying') && period === 'monthly',
    resume: state === 'paused',
    stop: state !== 'stopped',
  };
}

function parts(iso: string): [number, number, number] {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return [year, month, day];
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date `months` months after `date`, on `chargeDay` (capped at 28). */
export function addChargeMonths(date: string, months: number, chargeDay: number): string {
  const [year, month] = parts(date);
  const index = year * 12 + (month - 1) + months;
  return iso(Math.floor(index / 12), (index % 12) + 1, Math.min(chargeDay, MAX_CHARGE_DAY));
}

/**
 * The first charge date on `chargeDay` that is not before `from`: a change never starts a schedule
 * on a day that has passed, nor today, whose charge may already have run.
 */
export function firstChargeOnOrAfter(from: string, chargeDay: number): string {
  const [year, month, day] = parts(from);
  const thisMonth = iso(year, month, Math.min(chargeDay, MAX_CHARGE_DAY));
  return day <= Math.min(chargeDay, MAX_CHARGE_DAY) ? thisMonth : addChargeMonths(from, 1, chargeDay);
}

/** Tomorrow in Japan. */
export function tomorrowInJapan(now: Date): string {
  return japanIsoDate(new Date(now.getTime() + 86_400_000));
}

/**
 * The next charge a change can affect: the donation's next occurrence, or the first one after
 * today when that has come (today's charge belongs to the old terms).
 */
export function nextChangeableCharge(nextOccurrence: string | null, chargeDay: number, now: Date): string {
  const tomorrow = tomorrowInJapan(now);
  const from = nextOccurrence !== null && nextOccurrence > tomorrow ? nextOccurrence : tomorrow;
  return firstChargeOnOrAfter(from, chargeDay);
}

/** Pausing for N months leaves the next N charges out: charging resumes N months after the next one. */
export function pauseResumesOn(nextOccurrence: string | null, chargeDay: number, months: number, now: Date): string {
  return addChargeMonths(nextChangeableCharge(nextOccurrence, chargeDay, now), months, chargeDay);
}

/** Skipping leaves the next charge out: the one after it comes as usual. */
export function afterSkip(nextOccurrence: string | null, chargeDay: number, now: Date): { skipped: string; next: string } {
  const skipped = nextChangeableCharge(nextOccurrence, chargeDay, now);
  return { skipped, next: addChargeMonths(skipped, 1, chargeDay) };
}

/** A card is good through the last day of its expiry month: is it gone by `chargeOn` (YYYY-MM-DD)? */
export function cardExpiredOn(expirationMonth: number, expirationYear: number, chargeOn: string): boolean {
  const [year, month] = chargeOn.split('-').map(Number) as [number, number];
  return year * 12 + month > expirationYear * 12 + expirationMonth;
}

/** How far ahead a supporter is told their card will have expired by the next charge. */
export const CARD_EXPIRY_NOTICE_DAYS = 31;
