import { describe, expect, it } from 'vitest';
import { donorRegisterDueDate, fiscalYearLabel, fiscalYearOf, fiscalYearRange } from './fiscal-year';

describe('fiscalYearOf', () => {
  it('names an April year by the calendar year it starts in, turning at midnight in Japan', () => {
    expect(fiscalYearOf(new Date('2025-03-31T14:59:59.999Z'), 4)).toBe(2024);
    expect(fiscalYearOf(new Date('2025-03-31T15:00:00Z'), 4)).toBe(2025);
    expect(fiscalYearOf(new Date('2025-12-31T15:00:00Z'), 4)).toBe(2025);
    expect(fiscalYearOf(new Date('2026-03-31T14:59:59Z'), 4)).toBe(2025);
  });

  it('is the calendar year in Japan when the year starts in January', () => {
    expect(fiscalYearOf(new Date('2025-12-31T14:59:59Z'), 1)).toBe(2025);
    expect(fiscalYearOf(new Date('2025-12-31T15:00:00Z'), 1)).toBe(2026);
  });

  it('handles a year starting in December', () => {
    expect(fiscalYearOf(new Date('2025-11-30T15:00:00Z'), 12)).toBe(2025);
    expect(fiscalYearOf(new Date('2025-11-30T14:59:59Z'), 12)).toBe(2024);
  });

  it('refuses a start month outside 1–12', () => {
    expect(() => fiscalYearOf(new Date(), 0)).toThrow(RangeError);
    expect(() => fiscalYearOf(new Date(), 13)).toThrow(RangeError);
    expect(() => fiscalYearOf(new Date(), 4.5)).toThrow(RangeError);
  });
});

describe('fiscalYearRange', () => {
  it('runs from midnight in Japan on the first day to the next year’s first midnight, half-open', () => {
    const { start, end } = fiscalYearRange(2025, 4);
    expect(start.toISOString()).toBe('2025-03-31T15:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-31T15:00:00.000Z');
  });

  it('crosses the calendar year as the start month says', () => {
    expect(fiscalYearRange(2025, 1)).toEqual({
      start: new Date('2024-12-31T15:00:00Z'),
      end: new Date('2025-12-31T15:00:00Z'),
    });
    expect(fiscalYearRange(2025, 12)).toEqual({
      start: new Date('2025-11-30T15:00:00Z'),
      end: new Date('2026-11-30T15:00:00Z'),
    });
  });

  it.each([1, 2, 3, 4, 6, 9, 10, 12])('agrees with fiscalYearOf at both ends (start month %i)', (month) => {
    const { start, end } = fiscalYearRange(2030, month);
    expect(fiscalYearOf(start, month)).toBe(2030);
    expect(fiscalYearOf(new Date(end.getTime() - 1), month)).toBe(2030);
    expect(fiscalYearOf(end, month)).toBe(2031);
  });
});

describe('donorRegisterDueDate', () => {
  it('is three months into the next fiscal year: by 30 June for an April year', () => {
    const due = donorRegisterDueDate(2025, 4);
    expect(due.lastDay).toBe('2026-06-30');
    expect(due.overdueAt.toISOString()).toBe('2026-06-30T15:00:00.000Z');
  });

  it('is the end of March for a calendar year, and crosses the calendar year from November on', () => {
    expect(donorRegisterDueDate(2025, 1).lastDay).toBe('2026-03-31');
    expect(donorRegisterDueDate(2025, 10).lastDay).toBe('2026-12-31');
    expect(donorRegisterDueDate(2025, 11).lastDay).toBe('2027-01-31');
    expect(donorRegisterDueDate(2025, 12).lastDay).toBe('2027-02-28');
    expect(donorRegisterDueDate(2026, 12).lastDay).toBe('2028-02-29');
  });
});

describe('fiscalYearLabel', () => {
  it('says the year and its months in Japanese and in English', () => {
    expect(fiscalYearLabel(2025, 4, 'ja')).toBe('2025年度（2025年4月〜2026年3月）');
    expect(fiscalYearLabel(2025, 4, 'en')).toBe('FY2025 (Apr 2025 – Mar 2026)');
  });

  it('keeps a January year within one calendar year', () => {
    expect(fiscalYearLabel(2025, 1, 'ja')).toBe('2025年度（2025年1月〜2025年12月）');
    expect(fiscalYearLabel(2025, 1, 'en')).toBe('FY2025 (Jan 2025 – Dec 2025)');
  });
});
