import { describe, expect, it } from 'vitest';
import { platformFee } from './money';
import {
  lastClosedMonthAt,
  payoutAsOfError,
  payoutAsOfInstant,
  payoutDateOf,
  previousStatementMonth,
  statementCloseAt,
  statementMonthEnd,
  statementMonthOf,
  statementTotals,
  taxIncludedIn,
} from './statements';

/** An instant in Japan. */
const jst = (local: string) => new Date(`${local}+09:00`);
const gift = (amount: number, campaign = false) => ({ amount, fee: platformFee(amount, { campaign }) });
/** A refund of `amount` from a gift of `paid`: the fee given back is the fee before less the fee on what was kept. */
const refund = (paid: number, amount: number, campaign = false) => ({
  amount,
  feeReturned: platformFee(paid, { campaign }) - platformFee(paid - amount, { campaign }),
});

describe('when a month closes and is paid', () => {
  it('closes at midnight in Japan on the 5th of the next month, December into January too', () => {
    expect(statementCloseAt('2026-11').toISOString()).toBe('2026-12-04T15:00:00.000Z');
    expect(statementCloseAt('2026-12').toISOString()).toBe('2027-01-04T15:00:00.000Z');
  });

  it('puts a gift on the month it was paid in Japan, or on the first open month when it was recorded after its month closed', () => {
    // 23:30 in Japan on 30 November is November, though it is still the 30th in UTC and in London.
    expect(statementMonthOf(jst('2026-11-30T23:30:00'), jst('2026-11-30T23:30:00'))).toBe('2026-11');
    // 00:30 on 1 December in Japan is December, though UTC still says 30 November.
    expect(statementMonthOf(jst('2026-12-01T00:30:00'), jst('2026-12-01T00:30:00'))).toBe('2026-12');
    // A November bank transfer confirmed on 4 December is still November's; on the 5th, November has closed.
    expect(statementMonthOf(jst('2026-11-29T10:00:00'), jst('2026-12-04T23:59:59'))).toBe('2026-11');
    expect(statementMonthOf(jst('2026-11-29T10:00:00'), jst('2026-12-05T00:00:00'))).toBe('2026-12');
    // Recorded two months late, it goes on the first month still open then.
    expect(statementMonthOf(jst('2026-10-15T10:00:00'), jst('2027-01-02T09:00:00'))).toBe('2026-12');
  });

  it('ends a month at midnight in Japan on the 1st, and knows the last month closed at an instant', () => {
    expect(statementMonthEnd('2026-12').toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(previousStatementMonth('2027-01')).toBe('2026-12');
    // On 4 December November is still open, so the last closed month is October; from the 5th, November.
    expect(lastClosedMonthAt(jst('2026-12-04T23:59:59'))).toBe('2026-10');
    expect(lastClosedMonthAt(jst('2026-12-05T00:00:00'))).toBe('2026-11');
    expect(lastClosedMonthAt(jst('2027-01-20T12:00:00'))).toBe('2026-12');
  });

  it('pays on the 25th of the month after, or the Friday before a weekend', () => {
    expect(payoutDateOf('2026-11')).toBe('2026-12-25');
    // 25 October 2026 is a Sunday, 25 July a Saturday.
    expect(payoutDateOf('2026-09')).toBe('2026-10-23');
    expect(payoutDateOf('2026-06')).toBe('2026-07-24');
    expect(payoutDateOf('2026-12')).toBe('2027-01-25');
  });
});

describe('a statement’s sums', () => {
  it('adds the gifts’ recorded fees, works out the tax once on their total, and the net', () => {
    // ¥10,000 and ¥3,000 to the associate (5 % + tax: ¥550, ¥165), ¥5,000 to a campaign (6 % + tax: ¥330).
    const totals = statementTotals([gift(10_000), gift(3_000), gift(5_000, true)], []);
    expect(totals).toEqual({
      gross: 18_000,
      refunds: 0,
      fees: 1_045,
      // ¥1,045 includes floor(1,045 × 10 / 110) = ¥95 of tax.
      tax: 95,
      commission: 950,
      net: 16_955,
      carriedIn: 0,
      payable: 16_955,
      carriedOut: 0,
    });
  });

  it('gives back a refunded gift’s fee in full, and a partial refund’s share of it', () => {
    // ¥4,000 of a ¥10,000 gift: its fee falls from ¥550 to ¥330 on the ¥6,000 kept.
    const totals = statementTotals([gift(20_000)], [refund(10_000, 4_000), refund(3_000, 3_000)]);
    expect(totals).toMatchObject({ gross: 20_000, refunds: 7_000, fees: 1_100 - 220 - 165, net: 20_000 - 7_000 - 715 });
  });

  it('carries a month that owes Kifu into the next, and pays nothing negative', () => {
    const owing = statementTotals([], [refund(10_000, 10_000)]);
    expect(owing).toMatchObject({
      gross: 0,
      refunds: 10_000,
      fees: -550,
      tax: -50,
      commission: -500,
      net: -9_450,
      payable: 0,
      carriedOut: -9_450,
    });
    const next = statementTotals([gift(20_000)], [], owing.carriedOut);
    expect(next).toMatchObject({ net: 18_900, carriedIn: -9_450, payable: 9_450, carriedOut: 0 });
    // A payout that failed comes back as money still owed to the associate.
    expect(statementTotals([gift(1_000)], [], 5_000)).toMatchObject({ net: 945, payable: 5_945 });
  });

  it('finds the tax inside a tax-included total', () => {
    expect(taxIncludedIn(110)).toBe(10);
    expect(taxIncludedIn(109)).toBe(9);
    expect(taxIncludedIn(0)).toBe(0);
    expect(taxIncludedIn(-550)).toBe(-50);
    expect(() => taxIncludedIn(1.5)).toThrow(RangeError);
  });
});

describe('a payout run as of a later day (demo and tests, ADR 079)', () => {
  const now = jst('2026-11-28T23:30:00');
  it('takes today in Japan up to 400 days ahead, not a day before today nor further', () => {
    // 23:30 in Japan on the 28th is still the 28th there, though UTC says the 28th too: the 27th is past.
    expect(payoutAsOfError('2026-11-28', now)).toBeNull();
    expect(payoutAsOfError('2026-11-27', now)).toBe('pastDate');
    expect(payoutAsOfError('2028-01-02', now)).toBeNull();
    expect(payoutAsOfError('2028-01-03', now)).toBe('payoutRun.asOfTooFar');
  });
  it('refuses a day no calendar has', () => {
    expect(payoutAsOfError('2027-02-30', now)).toBe('validate.date');
    expect(payoutAsOfError('2027-13-01', now)).toBe('validate.date');
  });
  it('acts at noon in Japan, after the 5th closes the month before and on the payout day itself', () => {
    const at = payoutAsOfInstant('2026-12-25');
    expect(at.toISOString()).toBe('2026-12-25T03:00:00.000Z');
    expect(lastClosedMonthAt(at)).toBe('2026-11');
    expect(payoutDateOf('2026-11') <= '2026-12-25').toBe(true);
  });
});
