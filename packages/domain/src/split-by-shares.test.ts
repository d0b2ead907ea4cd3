import { describe, expect, it } from 'vitest';
import { PORTFOLIO_FULL_SHARE_BP, splitByShares } from './money';

const shares = (...bps: number[]) => bps.map((shareBp, index) => ({ key: `a${index}`, shareBp }));
const sum = (parts: { amount: number }[]) => parts.reduce((acc, part) => acc + part.amount, 0);

describe('splitByShares', () => {
  it('splits exactly when the shares divide the total', () => {
    expect(splitByShares(10_000, shares(5_000, 3_000, 2_000))).toEqual([
      { key: 'a0', amount: 5_000 },
      { key: 'a1', amount: 3_000 },
      { key: 'a2', amount: 2_000 },
    ]);
  });

  it('gives the left-over yen to the largest remainders, ties to the earlier share', () => {
    // 100 / 3 each = 33.33…: one yen left, to the first.
    expect(splitByShares(100, shares(3_334, 3_333, 3_333)).map((part) => part.amount)).toEqual([34, 33, 33]);
    expect(splitByShares(1_000, shares(3_333, 3_333, 3_334)).map((part) => part.amount)).toEqual([333, 333, 334]);
    // 101 × 0.3333 = 33.66 (×2) and 101 × 0.3334 = 33.67: two yen left, to the .67 then the first .66.
    expect(splitByShares(101, shares(3_333, 3_333, 3_334)).map((part) => part.amount)).toEqual([34, 33, 34]);
  });

  it('always sums to the total, whatever the total and the shares', () => {
    const mixes = [
      shares(10_000),
      shares(1, 9_999),
      shares(2_500, 2_500, 2_500, 2_500),
      shares(7, 13, 4_980, 5_000),
      shares(3_333, 3_333, 3_334),
    ];
    for (const mix of mixes) {
      for (const total of [0, 1, 7, 99, 100, 101, 3_001, 9_999_999, 6_000_000]) {
        const parts = splitByShares(total, mix);
        expect(sum(parts)).toBe(total);
        expect(parts.every((part) => Number.isInteger(part.amount) && part.amount > 0)).toBe(true);
      }
    }
  });

  it('is deterministic: the same inputs give the same parts', () => {
    expect(splitByShares(12_345, shares(1_234, 4_321, 4_445))).toEqual(splitByShares(12_345, shares(1_234, 4_321, 4_445)));
  });

  it('leaves out parts that round to nothing', () => {
    expect(splitByShares(100, shares(9_990, 10))).toEqual([{ key: 'a0', amount: 100 }]);
    expect(splitByShares(100, shares(9_000, 0, 1_000))).toEqual([
      { key: 'a0', amount: 90 },
      { key: 'a2', amount: 10 },
    ]);
  });

  it('refuses shares that do not make the whole, and non-integer totals', () => {
    expect(() => splitByShares(100, shares(5_000, 4_999))).toThrow(RangeError);
    expect(() => splitByShares(100, shares(PORTFOLIO_FULL_SHARE_BP + 1, -1))).toThrow(RangeError);
    expect(() => splitByShares(100.5, shares(PORTFOLIO_FULL_SHARE_BP))).toThrow(RangeError);
  });
});
