import { describe, expect, it } from 'vitest';
import { pathOfStep, stepFromPathname, stepFromSegments } from './donate-steps';

describe('donate steps', () => {
  it('maps the optional segments of spec §2 to steps', () => {
    expect(stepFromSegments(undefined)).toBe('amount');
    expect(stepFromSegments([])).toBe('amount');
    expect(stepFromSegments(['payment'])).toBe('info');
    expect(stepFromSegments(['confirmation'])).toBe('confirm');
    expect(stepFromSegments(['contribution'])).toBe('done');
  });

  it('refuses unknown or nested segments', () => {
    expect(stepFromSegments(['nope'])).toBeUndefined();
    expect(stepFromSegments(['payment', 'confirmation'])).toBeUndefined();
    // The membership flow comes later.
    expect(stepFromSegments(['membership'])).toBeUndefined();
  });

  it('round-trips pathnames, with or without the locale prefix', () => {
    const base = '/en/associate/kodomo/donate';
    for (const step of ['amount', 'info', 'confirm', 'done'] as const) {
      expect(stepFromPathname(pathOfStep(base, step))).toBe(step);
    }
    expect(pathOfStep('/associate/a/donate', 'info')).toBe('/associate/a/donate/payment');
    expect(stepFromPathname('/associate/a')).toBeUndefined();
  });
});
