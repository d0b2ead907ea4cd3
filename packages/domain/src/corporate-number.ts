// The corporate number (法人番号) an organisation gives when it applies to join Kifu: thirteen
// digits, the first a check digit over the other twelve (the National Tax Agency's rule): count
// the twelve digits from the last,
// weight them 1, 2, 1, 2, …, sum, take the sum modulo 9, and the check digit is 9 minus that. A
// mistyped digit or two swapped neighbours are caught before a reviewer ever reads the form.
import { normaliseDigits } from './normalise';

export const CORPORATE_NUMBER_LENGTH = 13;

/** The check digit of a corporate number's twelve-digit base. */
export function corporateNumberCheckDigit(base: string): number {
  if (!/^\d{12}$/.test(base)) throw new Error('a corporate number base is twelve digits');
  let sum = 0;
  for (let fromLast = 1; fromLast <= 12; fromLast += 1) {
    sum += Number(base[12 - fromLast]) * (fromLast % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/**
 * The corporate number as stored (thirteen half-width digits), or undefined when it is not one:
 * full-width digits, spaces and hyphens as people type them are accepted; the wrong length, other
 * characters or a check digit that does not match are not.
 */
export function parseCorporateNumber(value: string): string | undefined {
  const digits = normaliseDigits(value);
  if (!new RegExp(`^\\d{${CORPORATE_NUMBER_LENGTH}}$`).test(digits)) return undefined;
  return Number(digits[0]) === corporateNumberCheckDigit(digits.slice(1)) ? digits : undefined;
}
