import { describe, expect, it } from 'vitest';
import { dayNumber, isIsoCalendarDate, japanDateOf, japanMidnight } from './calendar';

describe('japanDateOf', () => {
  it('is the date in Japan, nine hours ahead of UTC', () => {
    expect(japanDateOf(new Date('2025-03-31T14:59:59Z'))).toEqual({ year: 2025, month: 3, day: 31 });
    expect(japanDateOf(new Date('2025-03-31T15:00:00Z'))).toEqual({ year: 2025, month: 4, day: 1 });
    expect(japanDateOf(new Date('2025-12-31T15:00:00Z'))).toEqual({ year: 2026, month: 1, day: 1 });
  });
});

describe('japanMidnight', () => {
  it('is 15:00 UTC the day before', () => {
    expect(japanMidnight({ year: 2026, month: 4, day: 1 }).toISOString()).toBe('2026-03-31T15:00:00.000Z');
  });
});

describe('dates as YYYY-MM-DD', () => {
  it('counts the days between two dates across months, years and a leap day', () => {
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-28')).toBe(2);
    expect(dayNumber('2027-01-01') - dayNumber('2026-12-31')).toBe(1);
    expect(dayNumber('1970-01-01')).toBe(0);
  });

  it('takes only real days written as YYYY-MM-DD', () => {
    expect(isIsoCalendarDate('2024-02-29')).toBe(true);
    expect(isIsoCalendarDate('2026-02-29')).toBe(false);
    expect(isIsoCalendarDate('2026-02-30')).toBe(false);
    expect(isIsoCalendarDate('2026-13-01')).toBe(false);
    expect(isIsoCalendarDate('2026-1-01')).toBe(false);
    expect(isIsoCalendarDate('2026-01-01T00:00')).toBe(false);
  });
});
