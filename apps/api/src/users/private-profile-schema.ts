// The private profile on the wire: snake_case like the donor payload (spec §3 "Donor payload sent
// to the server"), checked with the domain's field rules (spec §5 "Shared form fields"): names are
// trimmed text, phonetic names full-width katakana (hiragana is converted), the postal code and
// phone are normalised to half-width digits, the birthday is a real date written YYYY-MM-DD.
// Fields other than the names may be left empty: a profile fills in over several donations, and
// whether it is complete enough to donate is the donation's question (spec §5 "Profile").
import {
  birthdaySchema,
  digitsSchema,
  genderSchema,
  katakanaSchema,
  normaliseDigits,
  PHONE_NUMBER_MAX_DIGITS,
  POSTAL_CODE_LENGTH,
  POSTAL_CODE_MAX_LENGTH,
  requiredTextSchema,
  textSchema,
} from '@kifu/domain';
import { z } from 'zod';

const BIRTHDAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "YYYY-MM-DD" of a day that exists, or null for none ('' or null). A string that is not written
 * so gives 'pattern'; a day that does not exist gives the birthday block's own rule key.
 */
export const birthdayStringSchema = z
  .union([z.string().max(32, 'pattern'), z.null()], { error: 'pattern' })
  .transform((value, ctx) => {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    const match = BIRTHDAY_PATTERN.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'pattern' });
      return z.NEVER;
    }
    const parsed = birthdaySchema.safeParse({ year: match[1], month: match[2], date: match[3] });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return parsed.data.asString;
  })
  .meta({ description: 'YYYY-MM-DD, or empty/null for none', example: '1988-04-12' });

const POSTAL_CODE_OR_EMPTY = new RegExp(`^(\\d{${POSTAL_CODE_LENGTH}})?$`);

/** Empty, or a postal code of 7 digits ("152-0001" and "１５２０００１" are accepted and stored as "1520001"). */
const zipCodeSchema = z
  .string({ error: 'required' })
  .max(POSTAL_CODE_MAX_LENGTH, 'maxLength')
  .transform(normaliseDigits)
  .pipe(z.string().regex(POSTAL_CODE_OR_EMPTY, 'pattern.postalCode'));

/** Empty, or up to 15 digits (E.164), normalised to half-width. */
const phoneSchema = digitsSchema.pipe(z.string().max(PHONE_NUMBER_MAX_DIGITS, 'maxLength'));

/** ISO 3166-1 alpha-2; the product only serves JP (spec §9) but the column keeps the country. */
const countrySchema = z
  .string({ error: 'required' })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'pattern'));

/**
 * The private profile as a body (signup's `private_profile`, PUT update_me): the names are
 * required, every other field is optional and left as it is when absent; '' clears it.
 */
export const privateProfileBody = z.object({
  first_name: requiredTextSchema,
  last_name: requiredTextSchema,
  first_name_kana: katakanaSchema.optional(),
  last_name_kana: katakanaSchema.optional(),
  birthday: birthdayStringSchema.optional(),
  /** 1 male, 2 female, 3 other or unspecified (spec §3 Gender). */
  gender: genderSchema,
  country: countrySchema.optional(),
  zip_code: zipCodeSchema.optional(),
  /** Prefecture. */
  area: textSchema.optional(),
  city: textSchema.optional(),
  /** Street. */
  address1: textSchema.optional(),
  /** Building. */
  address2: textSchema.optional(),
  phone: phoneSchema.optional(),
});
export type PrivateProfileBody = z.output<typeof privateProfileBody>;

/** PATCH update_me: any subset of the fields. */
export const privateProfilePatchBody = privateProfileBody.partial();
export type PrivateProfilePatch = z.output<typeof privateProfilePatchBody>;

/** The answer of update_me (spec §7: "response user, id, names and other fields"). */
export const privateProfileResponse = z.object({
  /** The user's id. */
  user: z.number().int(),
  /** The private profile's id. */
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  first_name_kana: z.string(),
  last_name_kana: z.string(),
  gender: z.number().int(),
  birthday: z.string().nullable(),
  country: z.string(),
  zip_code: z.string(),
  area: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string(),
  phone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PrivateProfileResponse = z.infer<typeof privateProfileResponse>;
