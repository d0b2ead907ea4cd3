import { describe, expect, it } from 'vitest';
import { corporateNumberCheckDigit, parseCorporateNumber } from './corporate-number';

describe('corporate numbers (法人番号)', () => {
  it('works out the check digit of published numbers', () => {
    // The National Tax Agency's own number, and a listed company's, as published.
    expect(corporateNumberCheckDigit('000012050002')).toBe(7);
    expect(corporateNumberCheckDigit('180301018771')).toBe(1);
    // A sum that is a multiple of 9 gives 9, never 0.
    expect(corporateNumberCheckDigit('000000000000')).toBe(9);
  });

  it('accepts a number as typed, full-width or with separators, and keeps thirteen digits', () => {
    expect(parseCorporateNumber('7000012050002')).toBe('7000012050002');
    expect(parseCorporateNumber('７０００ ０１２０ ５０００２')).toBe('7000012050002');
    expect(parseCorporateNumber('1-1803-0101-8771')).toBe('1180301018771');
  });

  it('refuses a wrong check digit, a typo, swapped digits, the wrong length and other characters', () => {
    expect(parseCorporateNumber('8000012050002')).toBeUndefined();
    expect(parseCorporateNumber('7000012050003')).toBeUndefined();
    expect(parseCorporateNumber('1180301017871')).toBeUndefined();
    expect(parseCorporateNumber('700001205000')).toBeUndefined();
    expect(parseCorporateNumber('70000120500021')).toBeUndefined();
    expect(parseCorporateNumber('70000120500O2')).toBeUndefined();
    expect(parseCorporateNumber('')).toBeUndefined();
  });
});
