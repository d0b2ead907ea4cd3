// User-profile block (spec §3 "User profile (form)", §5 "Profile"). Valid only when name, birthday,
// address and phone are all present and well-formed; phonetic names become required for the
// associates on KANA_REQUIRED_ASSOCIATE_IDS as soon as a name is typed. The wallet pay path asks
// for the names alone (donorNamesSchemaFor), under the same rule.
import { z } from 'zod';
import { KANA_REQUIRED_ASSOCIATE_IDS } from '../constants';
import { GENDER_IDS } from '../enums';
import { addressSchema } from './address';
import { birthdaySchema } from './birthday';
import { requiredDigitsField } from './fields';
import { nameKanaSchema, nameSchema } from './name';

/** E.164 allows at most 15 digits; the spec only says the phone is required. */
export const PHONE_NUMBER_MAX_DIGITS = 15;
export const phoneNumberSchema = requiredDigitsField(PHONE_NUMBER_MAX_DIGITS);

/** Gender as the select sends it ("1") or as the API does (1); an empty choice is no answer. */
export const genderSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
  z.literal(GENDER_IDS, { error: 'value' }).optional(),
);

export const userProfileSchema = z.object(
  {
    name: nameSchema,
    nameKana: nameKanaSchema.optional(),
    birthday: birthdaySchema,
    address: addressSchema,
    phoneNumber: phoneNumberSchema,
    gender: genderSchema.optional(),
  },
  { error: 'required' },
);
export type UserProfileInput = z.input<typeof userProfileSchema>;
export type UserProfile = z.output<typeof userProfileSchema>;

interface NameParts {
  lastName?: string | null;
  firstName?: string | null;
}

function isFilled(value: string | null | undefined): boolean {
  return (value ?? '').trim() !== '';
}

/** Whether this associate needs phonetic names for this name (spec §5 "Profile", §9: associate 29). */
export function kanaRequired(associateId: number | null | undefined, name: NameParts | null | undefined): boolean {
  if (associateId == null || !KANA_REQUIRED_ASSOCIATE_IDS.includes(associateId)) return false;
  return isFilled(name?.lastName) || isFilled(name?.firstName);
}

/**
 * The associate whose profile rule applies to a gift split across several (a portfolio): the
 * strictest of the mix — one that needs phonetic names when any does, else the first.
 */
export function profileAssociateIdOf(associateIds: readonly number[]): number | undefined {
  return associateIds.find((id) => KANA_REQUIRED_ASSOCIATE_IDS.includes(id)) ?? associateIds[0];
}

/**
 * Adds the phonetic-name requirement of `associateId` to a schema holding `name` and `nameKana`.
 * `when` runs the rule even when another field already failed, so the form shows every missing
 * field at once; the rule reads only the names, and tolerates them being malformed.
 */
function withKanaRule<T extends z.ZodType>(schema: T, associateId: number | null | undefined): T {
  if (associateId == null || !KANA_REQUIRED_ASSOCIATE_IDS.includes(associateId)) return schema;
  return schema.superRefine(
    (value, ctx) => {
      const parts = value as { name?: NameParts; nameKana?: Record<string, unknown> } | null | undefined;
      if (!kanaRequired(associateId, parts?.name)) return;
      for (const key of ['lastNameKana', 'firstNameKana'] as const) {
        const kana = parts?.nameKana?.[key];
        if (typeof kana !== 'string' || !isFilled(kana)) ctx.addIssue({ code: 'custom', message: 'required', path: ['nameKana', key] });
      }
    },
    { when: () => true },
  );
}

/** The profile schema for a donation to `associateId`, with the phonetic-name requirement applied. */
export function userProfileSchemaFor(associateId: number | null | undefined) {
  return withKanaRule(userProfileSchema, associateId);
}

/** The names alone (spec §5 "Wallet payment": last and first name, phonetic names), with the same requirement. */
export const donorNamesSchema = z.object({ name: nameSchema, nameKana: nameKanaSchema.optional() }, { error: 'required' });
export type DonorNamesInput = z.input<typeof donorNamesSchema>;

export function donorNamesSchemaFor(associateId: number | null | undefined) {
  return withKanaRule(donorNamesSchema, associateId);
}

export function isProfileValid(profile: unknown, associateId?: number | null): boolean {
  return userProfileSchemaFor(associateId).safeParse(profile).success;
}
