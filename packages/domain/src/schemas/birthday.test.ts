import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../calendar';
import { birthdayAsString, birthdayPartsOf, birthdaySchema } from './birthday';
import { rulesOf } from './test-helpers';

describe('birthdaySchema', () => {
  it('accepts a real date given as text or numbers, and adds YYYY-MM-DD', () => {
    expect(birthdaySchema.parse({ year: '1990', month: '1', date: '2' })).toEqual({
      year: 1990,
      month: 1,
      date: 2,
      asString: '1990-01-02',
    });
    expect(birthdaySchema.parse({ year: 2000, month: 12, date: 31 }).asString).toBe('2000-12-31');
    expect(birthdaySchema.parse({ year: '１９９０', month: '０３', date: '０９' }).asString).toBe('1990-03-09');
  });

  it('an empty part gives "all fields are required"', () => {
    expect(rulesOf(birthdaySchema, { year: '', month: '1', date: '1' })).toEqual({ year: 'validate.required' });
    expect(rulesOf(birthdaySchema, { year: '1990', month: '', date: '1' })).toEqual({ month: 'validate.required' });
    expect(rulesOf(birthdaySchema, { year: '1990', month: '1' })).toEqual({ date: 'validate.required' });
    expect(rulesOf(birthdaySchema, undefined)).toEqual({ '': 'validate.required' });
  });

  it('the year is exactly 4 characters', () => {
    expect(rulesOf(birthdaySchema, { year: '990', month: '1', date: '1' })).toEqual({ year: 'validate.year' });
    expect(rulesOf(birthdaySchema, { year: '19900', month: '1', date: '1' })).toEqual({ year: 'validate.year' });
    expect(rulesOf(birthdaySchema, { year: '19a0', month: '1', date: '1' })).toEqual({ year: 'validate.year' });
  });

  it('the month is 1 to 12 and the day 1 to 31', () => {
    expect(rulesOf(birthdaySchema, { year: '1990', month: '0', date: '1' })).toEqual({ month: 'validate.month' });
    expect(rulesOf(birthdaySchema, { year: '1990', month: '13', date: '1' })).toEqual({ month: 'validate.month' });
    expect(rulesOf(birthdaySchema, { year: '1990', month: '1', date: '0' })).toEqual({ date: 'validate.date' });
    expect(rulesOf(birthdaySchema, { year: '1990', month: '1', date: '32' })).toEqual({ date: 'validate.date' });
    expect(rulesOf(birthdaySchema, { year: '1990', month: '1.5', date: '3' })).toEqual({ month: 'validate.month' });
  });

  it('the day must exist in that month', () => {
    expect(rulesOf(birthdaySchema, { year: '1990', month: '2', date: '30' })).toEqual({ date: 'validate.date' });
    expect(rulesOf(birthdaySchema, { year: '2023', month: '2', date: '29' })).toEqual({ date: 'validate.date' });
    expect(rulesOf(birthdaySchema, { year: '2024', month: '2', date: '29' })).toEqual({});
    expect(rulesOf(birthdaySchema, { year: '1990', month: '4', date: '31' })).toEqual({ date: 'validate.date' });
  });
});

describe('birthday helpers', () => {
  it('isCalendarDate handles leap years and small years', () => {
    expect(isCalendarDate(2000, 2, 29)).toBe(true);
    expect(isCalendarDate(1900, 2, 29)).toBe(false);
    expect(isCalendarDate(50, 1, 1)).toBe(true);
  });

  it('birthdayAsString pads', () => {
    expect(birthdayAsString({ year: 1990, month: 1, date: 2 })).toBe('1990-01-02');
  });

  it('birthdayPartsOf reads a stored birthday back into form parts', () => {
    expect(birthdayPartsOf('1990-01-02')).toEqual({ year: '1990', month: '1', date: '2' });
    expect(birthdayPartsOf('1990-02-30')).toBeUndefined();
    expect(birthdayPartsOf('1990/01/02')).toBeUndefined();
  });
});
