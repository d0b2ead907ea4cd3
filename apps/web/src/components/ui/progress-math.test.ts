import { describe, expect, it } from 'vitest';
import { fundingPercent, meterWidth, trickle, TRICKLE_CEILING } from './progress-math';

describe('fundingPercent', () => {
  it('floors the share of the goal', () => {
    expect(fundingPercent(333, 1000)).toBe(33);
    expect(fundingPercent(1500, 1000)).toBe(150);
  });
  it('is 0 for a missing or zero goal', () => {
    expect(fundingPercent(100, 0)).toBe(0);
    expect(fundingPercent(Number.NaN, 100)).toBe(0);
  });
});

describe('meterWidth', () => {
  it('clamps to 0–100', () => {
    expect(meterWidth(150)).toBe(100);
    expect(meterWidth(-5)).toBe(0);
    expect(meterWidth(42)).toBe(42);
  });
});

describe('trickle', () => {
  it('always advances until the ceiling and never completes on its own', () => {
    let value = 0.08;
    for (let i = 0; i < 1000; i += 1) {
      const next = trickle(value);
      expect(next).toBeGreaterThanOrEqual(value);
      value = next;
    }
    expect(value).toBeLessThanOrEqual(TRICKLE_CEILING);
    expect(value).toBeGreaterThan(0.9);
  });
});
