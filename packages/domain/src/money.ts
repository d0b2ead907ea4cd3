// Money and fee arithmetic (architecture.md §3, spec §9). Money is an integer number of yen; rates
// are converted once to integer basis points and every division is done on bigint with explicit
// rounding, so no floating-point error can move a result by a yen.
import {
  ANNUAL_CARD_MAX,
  ANNUAL_CARD_MIN,
  CAMPAIGN_COMMISSION_RATE,
  COMMISSION_RATE,
  CONSUMPTION_TAX_RATE,
  MAX_AMOUNT,
  MIN_AMOUNT,
  THOUSANDS_GROUP,
} from './constants';
import type { Frequency, Locale, PaymentMethod } from './enums';

function assertYen(amount: number, name = 'amount'): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`${name} must be an integer number of yen, got ${amount}`);
}

/** "3,000", "-1,234,567": a comma every 3 digits. Non-integers throw rather than show wrong money. */
export function formatYen(amount: number): string {
  assertYen(amount);
  const digits = String(Math.abs(amount));
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= THOUSANDS_GROUP) {
    groups.unshift(digits.slice(Math.max(0, end - THOUSANDS_GROUP), end));
  }
  return `${amount < 0 ? '-' : ''}${groups.join(',')}`;
}

/** An amount with its unit as each language writes it: "3,000円" / "¥3,000". */
export function formatYenAmount(amount: number, locale: Locale): string {
  return locale === 'ja' ? `${formatYen(amount)}円` : `¥${formatYen(amount)}`;
}

const BASIS = 10_000n;

/** Rates of spec §9 as exact integers; the constants are decimal fractions with ≤ 4 places. */
function basisPoints(rate: number): bigint {
  const points = Math.round(rate * Number(BASIS));
  if (Math.abs(points / Number(BASIS) - rate) > 1e-12) throw new RangeError(`rate ${rate} has more than 4 decimal places`);
  return BigInt(points);
}

export interface FeeOptions {
  /** Campaign donations carry the campaign commission rate (0.06) instead of 0.05. */
  campaign: boolean;
}

/** The tax-inclusive fee rate as an exact fraction `numerator / BASIS²`: rate × (1 + tax). */
function feeRateNumerator({ campaign }: FeeOptions): bigint {
  const rate = basisPoints(campaign ? CAMPAIGN_COMMISSION_RATE : COMMISSION_RATE);
  return rate * (BASIS + basisPoints(CONSUMPTION_TAX_RATE));
}

const BASIS_SQUARED = BASIS * BASIS;

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/**
 * What the supporter pays with "Including fee and tax" ticked so that the associate still receives
 * `amount`: ceil(amount / (1 − rate × (1 + tax))). Rounding up is what guarantees the associate's
 * share; the result is the smallest total that does.
 */
export function feeIncludedTotal(amount: number, options: FeeOptions): number {
  assertYen(amount);
  if (amount < 0) throw new RangeError(`amount must not be negative, got ${amount}`);
  const kept = BASIS_SQUARED - feeRateNumerator(options);
  return Number(ceilDiv(BigInt(amount) * BASIS_SQUARED, kept));
}

/**
 * The fee rate as shown next to the option, in percent with one decimal, floored (spec §9):
 * 5.5 for 0.05 × 1.1 and 6.6 for 0.06 × 1.1.
 */
export function displayedFeeRatePercent(options: FeeOptions): number {
  const tenthsOfPercent = (feeRateNumerator(options) * 1_000n) / BASIS_SQUARED;
  return Number(tenthsOfPercent) / 10;
}

/** The fee part of a fee-included total. */
export function feeOf(total: number, amount: number): number {
  assertYen(total, 'total');
  assertYen(amount);
  return total - amount;
}

/**
 * The platform's tax-inclusive fee on a gift, floored (architecture.md §3: floor for fees shown).
 * Flooring keeps `total − platformFee(total) ≥ amount` for every fee-included total.
 */
export function platformFee(amount: number, options: FeeOptions): number {
  assertYen(amount);
  if (amount < 0) throw new RangeError(`amount must not be negative, got ${amount}`);
  return Number((BigInt(amount) * feeRateNumerator(options)) / BASIS_SQUARED);
}

export interface AmountLimits {
  min: number;
  max: number;
}

/**
 * Bounds of one gift by method and frequency (spec §9). Annual gifts are card memberships with
 * their own bounds. A combination `isAllowedCombination` refuses still gets the method's bounds,
 * so a form can show a note before the frequency is corrected.
 */
export function amountLimits(method: PaymentMethod, frequency: Frequency): AmountLimits {
  if (method === 'creditCard' && frequency === 'annual') return { min: ANNUAL_CARD_MIN, max: ANNUAL_CARD_MAX };
  return { min: MIN_AMOUNT, max: MAX_AMOUNT[method] };
}

export type AmountCheck = { ok: true } | { ok: false; reason: 'below_min' | 'above_max' | 'not_integer'; min: number; max: number };

export function checkAmount(amount: number, method: PaymentMethod, frequency: Frequency): AmountCheck {
  const { min, max } = amountLimits(method, frequency);
  if (!Number.isSafeInteger(amount)) return { ok: false, reason: 'not_integer', min, max };
  if (amount < min) return { ok: false, reason: 'below_min', min, max };
  if (amount > max) return { ok: false, reason: 'above_max', min, max };
  return { ok: true };
}

/** Bank transfer is single only; wallet pay has no annual plan (spec §4 and §5). */
export function isAllowedCombination(method: PaymentMethod, frequency: Frequency): boolean {
  if (method === 'bankTransfer') return frequency === 'single';
  if (method === 'walletPay') return frequency !== 'annual';
  return true;
}

/** What an annual membership plan costs a year: its units times the price of one (spec §3 membership plans, wire api.membershipPlan). */
export function membershipYearlyPrice(plan: { unit: number; unit_amount: number }): number {
  return plan.unit * plan.unit_amount;
}

/** A portfolio revision's shares are basis points of the whole (spec §3 "Portfolio"). */
export const PORTFOLIO_FULL_SHARE_BP = 10_000;

export interface PortfolioShare<K> {
  key: K;
  shareBp: number;
}

/**
 * One portfolio gift split across its associates by their shares (largest-remainder rule, exact
 * on bigint): each part is floor(total × share / 10000), and the yen left over go one each to the
 * parts with the largest remainders, ties to the earlier share in the given order. The parts sum
 * to `total` exactly. Parts of 0 yen (a tiny share of a small gift) are left out, so every part is
 * a real donation; their money went to the others by the same rule. Shares must be non-negative
 * integers summing to PORTFOLIO_FULL_SHARE_BP.
 */
export function splitByShares<K>(total: number, shares: readonly PortfolioShare<K>[]): { key: K; amount: number }[] {
  assertYen(total, 'total');
  if (total < 0) throw new RangeError(`total must not be negative, got ${total}`);
  if (shares.some((share) => !Number.isSafeInteger(share.shareBp) || share.shareBp < 0))
    throw new RangeError('shares must be non-negative integers');
  const sum = shares.reduce((acc, share) => acc + share.shareBp, 0);
  if (sum !== PORTFOLIO_FULL_SHARE_BP) throw new RangeError(`shares must sum to ${PORTFOLIO_FULL_SHARE_BP}, got ${sum}`);
  const full = BigInt(PORTFOLIO_FULL_SHARE_BP);
  const parts = shares.map((share, index) => {
    const exact = BigInt(total) * BigInt(share.shareBp);
    return { index, key: share.key, amount: exact / full, remainder: exact % full };
  });
  let left = BigInt(total) - parts.reduce((acc, part) => acc + part.amount, 0n);
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.amount += 1n;
    left -= 1n;
  }
  return parts.filter((part) => part.amount > 0n).map((part) => ({ key: part.key, amount: Number(part.amount) }));
}
