// Full-width → half-width normalisation (spec §5 "Shared form fields": digit patterns accept
// full-width digits and letters, normalised to half-width with spaces and hyphens stripped; input
// that is not numeric gives undefined). Japanese IMEs produce full-width characters by default, so
// every numeric field (postal code, phone, card number, amount) goes through here first.
import { POSTAL_CODE_LENGTH } from './constants';

const FULL_WIDTH_ASCII = /[\uFF01-\uFF5E]/g;
/** Offset between a full-width ASCII variant (U+FF01–U+FF5E) and its ASCII original. */
const FULL_WIDTH_OFFSET = 0xfee0;
const IDEOGRAPHIC_SPACE = /\u3000/g;
/**
 * Hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign, small
 * hyphen-minus. All of them turn up in typed postal codes and phone numbers.
 */
const HYPHEN_LIKE = /[\u2010-\u2015\u2212\uFE63]/g;
/**
 * Characters stripped from numeric input: whitespace, ASCII hyphen and every hyphen-like mark,
 * plus the katakana prolonged sound mark (ー, ｰ) that an IME in kana mode inserts for "-".
 * The prolonged sound mark is not touched by `toHalfWidth` because katakana names need it.
 */
const NUMERIC_SEPARATORS = /[\s\-\u2010-\u2015\u2212\uFE63\u30FC\uFF70]/g;

/**
 * Converts the full-width ASCII block (digits, latin letters and punctuation such as ＠ and －),
 * the ideographic space and hyphen-like dashes to their half-width forms. Everything else
 * (kana, kanji) is left as is.
 */
export function toHalfWidth(value: string): string {
  return value
    .replace(FULL_WIDTH_ASCII, (char) => String.fromCharCode(char.charCodeAt(0) - FULL_WIDTH_OFFSET))
    .replace(IDEOGRAPHIC_SPACE, ' ')
    .replace(HYPHEN_LIKE, '-');
}

/** Half-width, with spaces and hyphens removed: "１５２－０００１" → "1520001". Letters are kept. */
export function normaliseDigits(value: string): string {
  return toHalfWidth(value).replace(NUMERIC_SEPARATORS, '');
}

const NUMERIC = /^\d+$/;

/**
 * The non-negative integer written in `value`, or undefined when the normalised input is not only
 * digits or is too large to be represented exactly (card numbers are kept as strings instead).
 * Decimal points and thousands separators are not numeric input here: amounts are whole yen.
 */
export function parseNumeric(value: string): number | undefined {
  const digits = normaliseDigits(value);
  if (!NUMERIC.test(digits)) return undefined;
  const parsed = Number(digits);
  return Number.isSafeInteger(parsed) ? parsed : undefined;
}

const POSTAL_CODE = new RegExp(`^\\d{${POSTAL_CODE_LENGTH}}$`);

/** The 7 half-width digits of a postal code, or undefined when the input is not one. */
export function normalisePostalCode(value: string): string | undefined {
  const digits = normaliseDigits(value);
  return POSTAL_CODE.test(digits) ? digits : undefined;
}

export const POSTAL_MARK = '〒';

/**
 * Display form of a postal code, "〒152-0001" (spec §5: the postal mark is prefixed and dash-like
 * characters are dropped). Whatever dashes the supporter typed are dropped and exactly one ASCII
 * hyphen is re-inserted after the third digit, the way Japanese post marks print it. Input that is
 * not 7 digits is shown normalised without a hyphen, so nothing typed is hidden; empty input shows
 * nothing.
 */
export function formatPostalCode(value: string): string {
  const digits = normaliseDigits(value);
  if (digits === '') return '';
  if (!POSTAL_CODE.test(digits)) return `${POSTAL_MARK}${digits}`;
  return `${POSTAL_MARK}${digits.slice(0, 3)}-${digits.slice(3)}`;
}

const HALF_WIDTH_KATAKANA_RUN = /[\uFF61-\uFF9F]+/g;
const HIRAGANA = /[\u3041-\u3096]/g;
/** Offset between a hiragana (U+3041–U+3096) and the katakana for the same sound. */
const HIRAGANA_TO_KATAKANA_OFFSET = 0x60;

/**
 * Turns half-width katakana (ｶﾀｶﾅ, with its separate voicing marks) and hiragana into full-width
 * katakana, so a phonetic name typed in either form passes the full-width katakana rule. Only the
 * half-width kana runs are NFKC-normalised; NFKC on the whole string would also turn the
 * full-width space, which the rule allows, into an ASCII space.
 */
export function toFullWidthKatakana(value: string): string {
  return value
    .replace(HALF_WIDTH_KATAKANA_RUN, (run) => run.normalize('NFKC'))
    .replace(HIRAGANA, (char) => String.fromCharCode(char.charCodeAt(0) + HIRAGANA_TO_KATAKANA_OFFSET));
}
