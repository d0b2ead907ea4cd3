// Card block (spec §3 "Card", §5 "Card"). Holder, number, month and cvc are required; the expiry
// month is 1–12 and the two-digit expiry year runs from the current two-digit year to 99, both
// parsed as integers. The schema is built for an instant `now` so tests and the server can pin
// "the current year". Card data only ever goes from the browser to the vault (architecture.md §1);
// this schema checks it before tokenisation and never leaves the client with it.
import { z } from 'zod';
import { japanDateOf } from '../calendar';
import { EXPIRY_YEAR_MAX, EXPIRY_YEAR_PREFIX } from '../constants';
import { normaliseDigits } from '../normalise';
import { requiredDigitsField, requiredTextSchema } from './fields';

/** ISO/IEC 7812 card numbers have at most 19 digits. */
export const CARD_NUMBER_MAX_DIGITS = 19;
export const CVC_MIN_DIGITS = 3;
export const CVC_MAX_DIGITS = 4;

function integerField(digits: RegExp, patternRule: 'pattern' | 'pattern.halfwidthNumber', min: number, max: number) {
  return z
    .union([z.string(), z.number()], { error: 'required' })
    .transform((value) => normaliseDigits(String(value)))
    .pipe(z.string().min(1, 'required').regex(digits, patternRule))
    .transform(Number)
    .pipe(z.number().int().min(min, 'min').max(max, 'max'));
}

/** The two-digit year at `now` in Japan: 2025 → 25. */
export function currentTwoDigitYear(now: Date): number {
  return japanDateOf(now).year % 100;
}

/** A stored expiry year from its two digits (spec §9: 20 plus two digits), 7 → 2007, 30 → 2030. */
export function expiryYearToFull(twoDigitYear: number | string): number {
  const value = typeof twoDigitYear === 'number' ? twoDigitYear : Number(normaliseDigits(twoDigitYear));
  if (!Number.isInteger(value) || value < 0 || value > EXPIRY_YEAR_MAX) {
    throw new RangeError(`expected a two-digit year, got ${twoDigitYear}`);
  }
  return EXPIRY_YEAR_PREFIX * 100 + value;
}

export function cardSchema(now: Date) {
  return z.object(
    {
      holder: requiredTextSchema,
      number: requiredDigitsField(CARD_NUMBER_MAX_DIGITS),
      expirationMonth: integerField(/^\d{1,2}$/, 'pattern.halfwidthNumber', 1, 12),
      expirationYear: integerField(/^\d{2}$/, 'pattern', currentTwoDigitYear(now), EXPIRY_YEAR_MAX),
      cvc: requiredDigitsField(CVC_MAX_DIGITS).pipe(z.string().min(CVC_MIN_DIGITS, 'minLength')),
    },
    { error: 'required' },
  );
}
export type CardInput = z.input<ReturnType<typeof cardSchema>>;
export type Card = z.output<ReturnType<typeof cardSchema>>;

/** A card saved on the user at the provider (spec §3): only what is safe to keep. */
export const savedCardSchema = z.object({
  name: z.string(),
  lastDigits: z.string().regex(/^\d{4}$/, 'pattern.halfwidthNumber'),
  customerCode: z.string().min(1, 'required'),
});
export type SavedCard = z.output<typeof savedCardSchema>;

/**
 * Whether a saved card can still pay (spec §5 "card": a saved one unless card input is required).
 * A card is good through the last day of its expiry month, judged in Japan time; 'unknown' when
 * the provider could not say (no month or year). Decision 013: an unknown expiry keeps the card
 * offered, with a note that it could not be checked.
 */
export type SavedCardExpiry = 'valid' | 'expired' | 'unknown';

export function savedCardExpiry(expiry: { month: number | null | undefined; year: number | null | undefined }, now: Date): SavedCardExpiry {
  const { month, year } = expiry;
  if (month == null || year == null || !Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return 'unknown';
  const today = japanDateOf(now);
  return year < today.year || (year === today.year && month < today.month) ? 'expired' : 'valid';
}
