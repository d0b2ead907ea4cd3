import { describe, expect, it } from 'vitest';
import { flowBasePath, pathOfStep, routeFromSegments, stepFromPathname, stepFromSegments, stepLabelKey } from './donate-steps';

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
    expect(stepFromSegments(['membership'])).toBeUndefined();
    expect(routeFromSegments(['payment', 'membership'])).toBeUndefined();
    expect(routeFromSegments(['membership', 'membership'])).toBeUndefined();
    expect(routeFromSegments(['membership', 'payment', 'confirmation'])).toBeUndefined();
  });

  it('maps the membership segments to the membership flow (Plan, Info, Confirm, Done)', () => {
    expect(routeFromSegments(undefined)).toEqual({ flow: 'donation', step: 'amount' });
    expect(routeFromSegments(['confirmation'])).toEqual({ flow: 'donation', step: 'confirm' });
    expect(routeFromSegments(['membership'])).toEqual({ flow: 'membership', step: 'amount' });
    expect(routeFromSegments(['membership', 'payment'])).toEqual({ flow: 'membership', step: 'info' });
    expect(routeFromSegments(['membership', 'contribution'])).toEqual({ flow: 'membership', step: 'done' });
    expect(stepLabelKey('membership', 'amount')).toBe('plan');
    expect(stepLabelKey('donation', 'amount')).toBe('amount');
    expect(stepLabelKey('membership', 'info')).toBe('info');
  });

  it('round-trips pathnames, with or without the locale prefix', () => {
    const base = '/en/associate/kodomo/donate';
    for (const step of ['amount', 'info', 'confirm', 'done'] as const) {
      expect(stepFromPathname(pathOfStep(base, step))).toBe(step);
    }
    expect(pathOfStep('/associate/a/donate', 'info')).toBe('/associate/a/donate/payment');
    expect(stepFromPathname('/associate/a')).toBeUndefined();
    const membership = flowBasePath(base, 'membership');
    expect(membership).toBe('/en/associate/kodomo/donate/membership');
    for (const step of ['amount', 'info', 'confirm', 'done'] as const) {
      expect(stepFromPathname(pathOfStep(membership, step))).toBe(step);
    }
    expect(flowBasePath(base, 'donation')).toBe(base);
  });
});
