import { describe, expect, it } from 'vitest';
import { cardSchema, currentTwoDigitYear, expiryYearToFull, savedCardExpiry, savedCardSchema } from './card';
import { rulesOf } from './test-helpers';

const now = new Date('2025-06-15T03:00:00Z');
const schema = cardSchema(now);
const card = { holder: 'TARO YAMADA', number: '4242 4242 4242 4242', expirationMonth: '07', expirationYear: '30', cvc: '123' };

describe('cardSchema', () => {
  it('accepts a card and parses month and year as integers', () => {
    expect(schema.parse(card)).toEqual({
      holder: 'TARO YAMADA',
      number: '4242424242424242',
      expirationMonth: 7,
      expirationYear: 30,
      cvc: '123',
    });
    expect(schema.parse({ ...card, expirationMonth: 12, expirationYear: 99 }).expirationMonth).toBe(12);
    expect(schema.parse({ ...card, expirationMonth: '１', expirationYear: '２６' })).toMatchObject({
      expirationMonth: 1,
      expirationYear: 26,
    });
  });

  it('holder, number, month and cvc are required', () => {
    expect(rulesOf(schema, { holder: '', number: '', expirationMonth: '', expirationYear: '', cvc: '' })).toEqual({
      holder: 'required',
      number: 'required',
      expirationMonth: 'required',
      expirationYear: 'required',
      cvc: 'required',
    });
  });

  it('the month is 1 to 12', () => {
    expect(rulesOf(schema, { ...card, expirationMonth: '0' })).toEqual({ expirationMonth: 'min' });
    expect(rulesOf(schema, { ...card, expirationMonth: '13' })).toEqual({ expirationMonth: 'max' });
    expect(rulesOf(schema, { ...card, expirationMonth: 'ab' })).toEqual({ expirationMonth: 'pattern.halfwidthNumber' });
    expect(rulesOf(schema, { ...card, expirationMonth: '123' })).toEqual({ expirationMonth: 'pattern.halfwidthNumber' });
  });

  it('the year runs from the current two-digit year to 99', () => {
    expect(rulesOf(schema, { ...card, expirationYear: '25' })).toEqual({});
    expect(rulesOf(schema, { ...card, expirationYear: '99' })).toEqual({});
    expect(rulesOf(schema, { ...card, expirationYear: '24' })).toEqual({ expirationYear: 'min' });
    expect(schema.safeParse({ ...card, expirationYear: '24' }).error?.issues[0]).toMatchObject({ minimum: 25 });
  });

  it('the year must be two digits', () => {
    expect(rulesOf(schema, { ...card, expirationYear: '2030' })).toEqual({ expirationYear: 'pattern' });
    expect(rulesOf(schema, { ...card, expirationYear: '100' })).toEqual({ expirationYear: 'pattern' });
    expect(rulesOf(schema, { ...card, expirationYear: '5' })).toEqual({ expirationYear: 'pattern' });
    expect(rulesOf(schema, { ...card, expirationYear: 5 })).toEqual({ expirationYear: 'pattern' });
  });

  it('the cvc is 3 or 4 digits, the number at most 19', () => {
    expect(rulesOf(schema, { ...card, cvc: '1234' })).toEqual({});
    expect(rulesOf(schema, { ...card, cvc: '12' })).toEqual({ cvc: 'minLength' });
    expect(rulesOf(schema, { ...card, cvc: '12345' })).toEqual({ cvc: 'maxLength' });
    expect(rulesOf(schema, { ...card, number: '4'.repeat(20) })).toEqual({ number: 'maxLength' });
    expect(rulesOf(schema, { ...card, number: '4242-4242-abcd' })).toEqual({ number: 'pattern.halfwidthNumber' });
  });

  it('"the current year" is the year in Japan', () => {
    expect(currentTwoDigitYear(new Date('2025-12-31T14:59:59Z'))).toBe(25);
    expect(currentTwoDigitYear(new Date('2025-12-31T15:00:00Z'))).toBe(26);
    const newYearInJapan = cardSchema(new Date('2025-12-31T15:00:00Z'));
    expect(rulesOf(newYearInJapan, { ...card, expirationYear: '25' })).toEqual({ expirationYear: 'min' });
  });
});

describe('expiryYearToFull', () => {
  it('stores the year as 20 plus two digits', () => {
    expect(expiryYearToFull(30)).toBe(2030);
    expect(expiryYearToFull(7)).toBe(2007);
    expect(expiryYearToFull('07')).toBe(2007);
    expect(expiryYearToFull(99)).toBe(2099);
  });

  it('refuses anything that is not a two-digit year', () => {
    expect(() => expiryYearToFull(100)).toThrow(RangeError);
    expect(() => expiryYearToFull(-1)).toThrow(RangeError);
    expect(() => expiryYearToFull('ab')).toThrow(RangeError);
  });
});

describe('savedCardSchema', () => {
  it('keeps only the name, last digits and customer code', () => {
    expect(savedCardSchema.safeParse({ name: 'TARO', lastDigits: '4242', customerCode: 'cust_1' }).success).toBe(true);
    expect(savedCardSchema.safeParse({ name: 'TARO', lastDigits: '4242', customerCode: '' }).success).toBe(false);
  });
});

describe('savedCardExpiry', () => {
  it('is good through the last day of the expiry month, in Japan time', () => {
    expect(savedCardExpiry({ month: 6, year: 2025 }, now)).toBe('valid');
    expect(savedCardExpiry({ month: 5, year: 2025 }, now)).toBe('expired');
    expect(savedCardExpiry({ month: 12, year: 2024 }, now)).toBe('expired');
    expect(savedCardExpiry({ month: 1, year: 2026 }, now)).toBe('valid');
    // 2025-06-30T15:00Z is already 1 July in Japan.
    expect(savedCardExpiry({ month: 6, year: 2025 }, new Date('2025-06-30T15:00:00Z'))).toBe('expired');
    expect(savedCardExpiry({ month: 6, year: 2025 }, new Date('2025-06-30T14:59:59Z'))).toBe('valid');
  });

  it('is unknown when the provider gave no expiry', () => {
    expect(savedCardExpiry({ month: null, year: null }, now)).toBe('unknown');
    expect(savedCardExpiry({ month: 6, year: undefined }, now)).toBe('unknown');
    expect(savedCardExpiry({ month: 13, year: 2030 }, now)).toBe('unknown');
  });
});
