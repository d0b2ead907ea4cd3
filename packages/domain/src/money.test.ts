import { describe, expect, it } from 'vitest';
import {
  amountLimits,
  checkAmount,
  displayedFeeRatePercent,
  feeIncludedTotal,
  feeOf,
  formatYen,
  formatYenAmount,
  isAllowedCombination,
  membershipYearlyPrice,
  platformFee,
} from './money';
import { FREQUENCIES, PAYMENT_METHODS } from './enums';

describe('formatYen', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [3000, '3,000'],
    [123456, '123,456'],
    [1234567, '1,234,567'],
    [9_999_999, '9,999,999'],
    [-1234, '-1,234'],
    [-999, '-999'],
    [-1_000_000, '-1,000,000'],
  ])('formats %d as %s', (amount, expected) => {
    expect(formatYen(amount)).toBe(expected);
  });

  it('refuses amounts that are not whole yen', () => {
    expect(() => formatYen(1.5)).toThrow(RangeError);
    expect(() => formatYen(Number.NaN)).toThrow(RangeError);
    expect(() => formatYen(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('writes the unit the way each language does', () => {
    expect(formatYenAmount(3000, 'ja')).toBe('3,000円');
    expect(formatYenAmount(3000, 'en')).toBe('¥3,000');
  });
});

describe('feeIncludedTotal', () => {
  it('adds 5.5 % so the associate still receives the amount', () => {
    expect(feeIncludedTotal(3000, { campaign: false })).toBe(3175);
    expect(feeIncludedTotal(1000, { campaign: false })).toBe(1059);
    expect(feeIncludedTotal(10_000, { campaign: false })).toBe(10_583);
  });

  it('adds 6.6 % for campaigns', () => {
    expect(feeIncludedTotal(3000, { campaign: true })).toBe(3212);
    expect(feeIncludedTotal(10_000, { campaign: true })).toBe(10_707);
  });

  it('keeps an exact multiple exact (no float round-up by a yen)', () => {
    // 934 / (1 − 0.066) is exactly 1000, but in floating point it comes out a hair above 1000,
    // and a naive Math.ceil would charge the supporter 1,001.
    expect(Math.ceil(934 / (1 - 0.06 * (1 + 0.1)))).toBe(1001);
    expect(feeIncludedTotal(934, { campaign: true })).toBe(1000);
    expect(feeIncludedTotal(467, { campaign: true })).toBe(500);
    expect(feeIncludedTotal(7005, { campaign: true })).toBe(7500);
    expect(feeIncludedTotal(945, { campaign: false })).toBe(1000);
    expect(feeIncludedTotal(0, { campaign: false })).toBe(0);
  });

  // total × (1 − r) ≥ amount and (total − 1) × (1 − r) < amount, in integers: 1 − r is 94.5 % or 93.4 %.
  const kept = { false: 945n, true: 934n } as const;
  function assertMinimalCeil(amount: number, campaign: boolean) {
    const total = BigInt(feeIncludedTotal(amount, { campaign }));
    const keep = kept[String(campaign) as 'true' | 'false'];
    expect(total * keep >= BigInt(amount) * 1000n).toBe(true);
    expect((total - 1n) * keep < BigInt(amount) * 1000n).toBe(true);
  }

  it('is the smallest total that covers the amount, for every amount up to 20,000', () => {
    for (let amount = 1; amount <= 20_000; amount += 1) {
      assertMinimalCeil(amount, false);
      assertMinimalCeil(amount, true);
    }
  });

  it('is the smallest covering total up to the largest limits', () => {
    for (const amount of [99_999, 300_001, 1_234_567, 5_999_999, 6_000_000, 9_999_999, 123_456_789]) {
      assertMinimalCeil(amount, false);
      assertMinimalCeil(amount, true);
    }
  });

  it('refuses fractional or negative amounts', () => {
    expect(() => feeIncludedTotal(10.5, { campaign: false })).toThrow(RangeError);
    expect(() => feeIncludedTotal(-1, { campaign: false })).toThrow(RangeError);
  });
});

describe('displayedFeeRatePercent', () => {
  it('is 5.5 for the platform rate and 6.6 for campaigns', () => {
    expect(displayedFeeRatePercent({ campaign: false })).toBe(5.5);
    expect(displayedFeeRatePercent({ campaign: true })).toBe(6.6);
  });
});

describe('feeOf and platformFee', () => {
  it('the fee of a fee-included total is what was added', () => {
    expect(feeOf(3175, 3000)).toBe(175);
    expect(feeOf(1000, 1000)).toBe(0);
  });

  it('platformFee floors rate × 1.1 of the total', () => {
    expect(platformFee(3175, { campaign: false })).toBe(174);
    expect(platformFee(1000, { campaign: false })).toBe(55);
    expect(platformFee(1000, { campaign: true })).toBe(66);
    expect(platformFee(999, { campaign: false })).toBe(54);
  });

  it('the associate keeps at least the amount after the platform fee of a fee-included total', () => {
    for (let amount = 1; amount <= 5_000; amount += 1) {
      for (const campaign of [false, true]) {
        const total = feeIncludedTotal(amount, { campaign });
        expect(total - platformFee(total, { campaign })).toBeGreaterThanOrEqual(amount);
      }
    }
  });
});

describe('amountLimits', () => {
  it.each([
    ['creditCard', 'single', 100, 6_000_000],
    ['creditCard', 'monthly', 100, 6_000_000],
    ['creditCard', 'annual', 300, 6_000_000],
    ['walletPay', 'single', 100, 6_000_000],
    ['walletPay', 'monthly', 100, 6_000_000],
    ['bankTransfer', 'single', 100, 9_999_999],
  ] as const)('%s %s: %d to %d', (method, frequency, min, max) => {
    expect(amountLimits(method, frequency)).toEqual({ min, max });
  });
});

describe('checkAmount', () => {
  it('accepts the bounds themselves', () => {
    expect(checkAmount(6_000_000, 'creditCard', 'single')).toEqual({ ok: true });
    expect(checkAmount(9_999_999, 'bankTransfer', 'single')).toEqual({ ok: true });
    expect(checkAmount(300, 'creditCard', 'annual')).toEqual({ ok: true });
    expect(checkAmount(100, 'walletPay', 'monthly')).toEqual({ ok: true });
  });

  it('reports the side that was crossed, with the bounds', () => {
    expect(checkAmount(6_000_001, 'creditCard', 'monthly')).toEqual({ ok: false, reason: 'above_max', min: 100, max: 6_000_000 });
    expect(checkAmount(6_000_001, 'walletPay', 'single')).toMatchObject({ ok: false, reason: 'above_max' });
    expect(checkAmount(6_000_001, 'bankTransfer', 'single')).toEqual({ ok: true });
    expect(checkAmount(10_000_000, 'bankTransfer', 'single')).toEqual({ ok: false, reason: 'above_max', min: 100, max: 9_999_999 });
    expect(checkAmount(299, 'creditCard', 'annual')).toEqual({ ok: false, reason: 'below_min', min: 300, max: 6_000_000 });
    expect(checkAmount(0, 'creditCard', 'single')).toMatchObject({ ok: false, reason: 'below_min' });
    expect(checkAmount(99, 'bankTransfer', 'single')).toMatchObject({ ok: false, reason: 'below_min', min: 100 });
    expect(checkAmount(-5, 'bankTransfer', 'single')).toMatchObject({ ok: false, reason: 'below_min' });
  });

  it('rejects amounts that are not whole yen', () => {
    for (const amount of [1000.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(checkAmount(amount, 'creditCard', 'single')).toMatchObject({ ok: false, reason: 'not_integer' });
    }
  });
});

describe('isAllowedCombination', () => {
  it('allows bank transfer for single gifts only and wallet pay for all but annual', () => {
    const allowed = PAYMENT_METHODS.flatMap((method) =>
      FREQUENCIES.filter((frequency) => isAllowedCombination(method, frequency)).map((frequency) => `${method}/${frequency}`),
    );
    expect(allowed).toEqual([
      'creditCard/single',
      'creditCard/monthly',
      'creditCard/annual',
      'walletPay/single',
      'walletPay/monthly',
      'bankTransfer/single',
    ]);
  });
});

describe('membershipYearlyPrice', () => {
  it('is the units bought times the price of one unit', () => {
    expect(membershipYearlyPrice({ unit: 1, unit_amount: 10_000 })).toBe(10_000);
    expect(membershipYearlyPrice({ unit: 3, unit_amount: 5_000 })).toBe(15_000);
  });
});
