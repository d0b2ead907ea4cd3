// An organisation's application to join Kifu (ADR 078): what it tells about itself (spec §3
// "Associate": names, type, corporate number, address, representative, certification), where Kifu
// pays it (payout-account.ts, checked by the bank when it is sent), the documents that prove it and
// the social challenges it works on. One rule for the form and the route (conventions.md #12).
import { z } from 'zod';
import { dayString } from './api/campaign-editing';
import { rowId } from './api/common';
import { parseCorporateNumber } from './corporate-number';
import { ORGANISATION_TYPE_IDS, type OrganisationTypeId } from './enums';
import { payoutAccountInput } from './payout-account';
import { addressSchema } from './schemas/address';
import { requiredKatakanaSchema, requiredTextField, textField } from './schemas/fields';

export const ASSOCIATE_APPLICATION_STATUSES = ['submitted', 'changes_requested', 'approved', 'declined'] as const;
export type AssociateApplicationStatus = (typeof ASSOCIATE_APPLICATION_STATUSES)[number];
/** An application a user may not open another beside: staff have yet to decide it, or the applicant to answer. */
export const OPEN_APPLICATION_STATUSES = ['submitted', 'changes_requested'] as const satisfies AssociateApplicationStatus[];

/** The 21 organisation types of spec §3 an applicant chooses from ("unset", 99, is not one). */
export const APPLICABLE_ORGANISATION_TYPES = ORGANISATION_TYPE_IDS.filter((id) => id !== 99);
/** A voluntary group (任意団体) is not incorporated, so it has no corporate number. */
const WITHOUT_CORPORATE_NUMBER: readonly OrganisationTypeId[] = [1];
/** Certified (認定) and special certified (特例認定) NPOs state their certification on every receipt (ADR 033). */
export const CERTIFIED_ORGANISATION_TYPES: readonly OrganisationTypeId[] = [2, 3];
export const needsCorporateNumber = (type: number) => !(WITHOUT_CORPORATE_NUMBER as number[]).includes(type);
export const needsCertification = (type: number) => (CERTIFIED_ORGANISATION_TYPES as number[]).includes(type);

/**
 * The public address of the associate's pages (/associate/{uid}): lower-case letters, digits and
 * hyphens, 3 to 40 characters, starting and ending with a letter or digit, like the demo's
 * kodomo-shokudo-mirai. Stricter than associateUidParams, which also reads the uids of the past.
 */
export const ASSOCIATE_UID_PATTERN = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;
/** Addresses the site's own pages hold under /associate/ (the joining form is /associate/apply). */
export const RESERVED_ASSOCIATE_UIDS: readonly string[] = ['apply'];

/** Documents: a PDF or an image each, at most this many per application and this large each. */
export const APPLICATION_DOCUMENTS_MAX = 10;
export const APPLICATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const APPLICATION_SOCIAL_CHALLENGES_MAX = 5;
export const APPLICATION_REASON_MAX_LENGTH = 2000;

const organisationType = z.coerce
  .number({ error: 'required' })
  .int('value')
  .min(Math.min(...APPLICABLE_ORGANISATION_TYPES), { error: 'value', abort: true })
  .max(Math.max(...APPLICABLE_ORGANISATION_TYPES), { error: 'value', abort: true })
  .refine((n) => (APPLICABLE_ORGANISATION_TYPES as number[]).includes(n), 'value');

export const certificationInput = z.object({
  number: requiredTextField(60),
  authority: requiredTextField(60),
  certified_on: dayString,
  expires_on: dayString,
});

export const associateApplicationInput = z
  .object({
    name: requiredTextField(100),
    name_kana: requiredKatakanaSchema.pipe(z.string().max(100, 'maxLength')),
    name_en: textField(100),
    organisation_type: organisationType,
    // Checked below with the type: a voluntary group leaves it empty, anyone else gives a valid one.
    corporate_number: textField(30),
    address: addressSchema,
    representative: requiredTextField(60),
    representative_kana: requiredKatakanaSchema.pipe(z.string().max(60, 'maxLength')),
    certification: certificationInput.nullable(),
    requested_uid: z
      .string({ error: 'required' })
      .trim()
      .min(1, 'required')
      .max(40, 'maxLength')
      .regex(ASSOCIATE_UID_PATTERN, 'pattern.associateUid')
      .refine((uid) => !RESERVED_ASSOCIATE_UIDS.includes(uid), 'unique'),
    bank_account: payoutAccountInput,
    document_ids: z.array(rowId, { error: 'required' }).min(1, 'required').max(APPLICATION_DOCUMENTS_MAX, 'max'),
    social_challenges: z
      .array(
        z
          .string()
          .max(64, 'maxLength')
          .regex(/^[a-z0-9-]+$/, 'value'),
        { error: 'required' },
      )
      .min(1, 'required')
      .max(APPLICATION_SOCIAL_CHALLENGES_MAX, 'max'),
  })
  .superRefine((value, ctx) => {
    if (needsCorporateNumber(value.organisation_type)) {
      if (value.corporate_number === '') ctx.addIssue({ code: 'custom', message: 'required', path: ['corporate_number'] });
      else if (!parseCorporateNumber(value.corporate_number))
        ctx.addIssue({ code: 'custom', message: 'corporateNumber.checkDigit', path: ['corporate_number'] });
    }
    if (needsCertification(value.organisation_type) && !value.certification)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['certification'] });
    const certification = value.certification;
    if (certification && certification.expires_on < certification.certified_on)
      ctx.addIssue({ code: 'custom', message: 'endBeforeStart', path: ['certification', 'expires_on'] });
  })
  .transform((value) => ({
    ...value,
    // Stored as thirteen half-width digits, or empty for a voluntary group.
    corporate_number: needsCorporateNumber(value.organisation_type) ? parseCorporateNumber(value.corporate_number)! : '',
    certification: needsCertification(value.organisation_type) ? value.certification : null,
    social_challenges: [...new Set(value.social_challenges)],
  }));
export type AssociateApplicationInput = z.input<typeof associateApplicationInput>;
export type AssociateApplication = z.output<typeof associateApplicationInput>;

/** What staff say when they decline an application or ask for changes: the applicant reads it in the mail. */
export const applicationReason = z.object({
  reason: requiredTextField(APPLICATION_REASON_MAX_LENGTH),
});
