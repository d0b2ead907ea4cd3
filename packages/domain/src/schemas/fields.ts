// The shared form fields of spec §5 "Shared form fields". Every message is a rule key (rule-keys.ts).
// Text is trimmed; numeric text is normalised to half-width with spaces and hyphens stripped before
// its pattern is checked, and the normalised value is what the schema outputs, so the server stores
// what the pattern accepted.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, POSTAL_CODE_LENGTH } from '../constants';
import { normaliseDigits, parseNumeric, toFullWidthKatakana } from '../normalise';

export const TEXT_MAX_LENGTH = 256;
export const SHORT_TEXT_MAX_LENGTHS = [15, 30] as const;
export const LONG_TEXT_MAX_LENGTH = 2048;
export const EMAIL_MAX_LENGTH = 256;
export const POSTAL_CODE_MAX_LENGTH = 256;
export const POSTAL_CODE_PLACEHOLDER = '152-0001';
/** The spec gives no upper bound; this keeps password hashing cheap to call. */
export const PASSWORD_MAX_LENGTH = 256;

/** Optional text: may be empty. */
export function textField(maxLength: number = TEXT_MAX_LENGTH) {
  return z.string({ error: 'required' }).trim().max(maxLength, 'maxLength');
}

/** Required text: empty or blank input gives 'required'. */
export function requiredTextField(maxLength: number = TEXT_MAX_LENGTH) {
  return z.string({ error: 'required' }).trim().min(1, 'required').max(maxLength, 'maxLength');
}

export const textSchema = textField();
export const requiredTextSchema = requiredTextField();
export const shortText15Schema = textField(15);
export const shortText30Schema = textField(30);
export const longTextSchema = textField(LONG_TEXT_MAX_LENGTH);

/**
 * The WHATWG `input type=email` grammar with at least one dot in the domain: ASCII only, so an
 * address typed with a full-width ＠ is reported rather than silently sent to a wrong mailbox.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Optional email: empty, or a valid address. */
export const emailSchema = textField(EMAIL_MAX_LENGTH).refine((value) => value === '' || EMAIL_PATTERN.test(value), 'pattern');
export const requiredEmailSchema = requiredTextField(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN, 'pattern');

/**
 * Password pattern version 1: half-width printable ASCII (no spaces), with at least one latin
 * letter and at least one digit. Symbols are allowed because forbidding them only weakens passwords.
 */
export const PASSWORD_V1_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7E]+$/;

/** The variant with a minimum length only (spec §5; used by signup). Passwords are never trimmed. */
export const passwordSchema = z
  .string({ error: 'required' })
  .min(1, 'required')
  .min(PASSWORD_MIN_LENGTH, 'minLength')
  .max(PASSWORD_MAX_LENGTH, 'maxLength');
export const passwordV1Schema = passwordSchema.regex(PASSWORD_V1_PATTERN, 'pattern.passwordV1');

const DIGITS = /^\d*$/;

/** Optional digit string ("digits" pattern), normalised: "０９０－１２３４" → "0901234". */
export const digitsSchema = z
  .string({ error: 'required' })
  .max(TEXT_MAX_LENGTH, 'maxLength')
  .transform(normaliseDigits)
  .pipe(z.string().regex(DIGITS, 'pattern.halfwidthNumber'));

/** Required digit string, at most `maxLength` digits after normalisation. */
export function requiredDigitsField(maxLength: number = TEXT_MAX_LENGTH) {
  return z
    .string({ error: 'required' })
    .max(TEXT_MAX_LENGTH, 'maxLength')
    .transform(normaliseDigits)
    .pipe(z.string().min(1, 'required').regex(DIGITS, 'pattern.halfwidthNumber').max(maxLength, 'maxLength'));
}
export const requiredDigitsSchema = requiredDigitsField();

/**
 * A required whole number typed as text ("number" pattern); a number is accepted as is, for
 * callers that already hold one. Output is the number.
 */
export const numberSchema = z.union([z.string(), z.number()], { error: 'required' }).transform((input, ctx) => {
  if (typeof input === 'string' && normaliseDigits(input) === '') {
    ctx.addIssue({ code: 'custom', message: 'required' });
    return z.NEVER;
  }
  const value = typeof input === 'number' ? input : parseNumeric(input);
  if (value === undefined || !Number.isSafeInteger(value) || value < 0) {
    ctx.addIssue({ code: 'custom', message: 'pattern.number' });
    return z.NEVER;
  }
  return value;
});

/** A required whole number that is a multiple of 10 ("multiple of 10" pattern). */
export const multipleOf10Schema = numberSchema.refine((value) => value % 10 === 0, 'pattern.multipleOf10');

const POSTAL_CODE_DIGITS = new RegExp(`^\\d{${POSTAL_CODE_LENGTH}}$`);

/** Required postal code; outputs its 7 half-width digits ("152-0001" → "1520001"). */
export const postalCodeSchema = z
  .string({ error: 'required' })
  .max(POSTAL_CODE_MAX_LENGTH, 'maxLength')
  .transform(normaliseDigits)
  .pipe(z.string().min(1, 'required').regex(POSTAL_CODE_DIGITS, 'pattern.postalCode'));

/**
 * Full-width katakana with the prolonged sound mark (ー), the middle dot used between the parts
 * of a foreign name (・) and the full-width space.
 */
export const KATAKANA_PATTERN = /^[ァ-ヶー・\u3000]*$/u;

function katakanaField(required: boolean) {
  const checked = z.string().max(TEXT_MAX_LENGTH, 'maxLength').regex(KATAKANA_PATTERN, 'pattern.katakana');
  return z
    .string({ error: 'required' })
    .trim()
    .transform(toFullWidthKatakana)
    .pipe(required ? checked.min(1, 'required') : checked);
}
/** Optional phonetic name: empty, or full-width katakana (hiragana and half-width kana are converted). */
export const katakanaSchema = katakanaField(false);
export const requiredKatakanaSchema = katakanaField(true);

/** A consent checkbox: only `true` passes, with the consent wording of 'required'. */
export const consentSchema = z.literal(true, { error: 'required.consent' });

/**
 * The public profile of /mypage/profile (spec §3 "profile", §5 short and long text): nickname up to
 * 30, 'About me' up to 2048, SNS ids up to 30 — one rule for the form and the route.
 */
export const profileFields = {
  nickname: shortText30Schema,
  description: longTextSchema,
  sns_id_twitter: shortText30Schema,
  sns_id_facebook: shortText30Schema,
} as const;
