// Wire shapes of the console's page editor (ADR 067): GET and PATCH
// /associate/{uid}/console/page/. The texts come as stored — Japanese, and English beside it ('' when
// none is written: the public page then shows the Japanese) — never localised. Bounds and the
// warning rule: associate-page.ts. The images, the lists (businesses, members, social challenges,
// preset amounts, membership plan names) and the certification's expiry: ADR 070.
import { z } from 'zod';
import {
  ASSOCIATE_LIST_LIMITS as LL,
  ASSOCIATE_PAGE_LIMITS as L,
  BILINGUAL_PAGE_FIELDS,
  LIST_BILINGUAL_FIELDS,
  presetAmountLimits,
  unknownPlaceholders,
} from '../associate-page';
import { FREQUENCIES } from '../enums';
import { isUsableText, UNUSABLE_TEXT_RULE } from '../schemas/usable-text';
import { dayString } from './campaign-editing';
import { imageUrl, rowId, storedInteger } from './common';

const text = (max: number) => z.string().trim().max(max, 'maxLength').refine(isUsableText, UNUSABLE_TEXT_RULE);
const required = (max: number) => text(max).pipe(z.string().min(1, 'required'));
/** Only what the thank-you mail fills in; a misspelt {{…}} would reach the donor as typed. */
const mailText = (max: number) => text(max).refine((value) => unknownPlaceholders(value).length === 0, 'value');
const websiteUrl = text(L.websiteMax).refine((value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), 'pattern');

const bilingual = <F extends string>(fields: readonly F[]) =>
  Object.fromEntries(fields.flatMap((field) => [[field, z.string()] as const, [`${field}_en`, z.string()] as const])) as Record<
    F | `${F}_en`,
    z.ZodString
  >;

/** A business as the editor lists it: its texts in ja and en, and its image (kept as it is; ADR 070). */
const editableBusiness = z.object({
  id: z.number().int(),
  ...bilingual(LIST_BILINGUAL_FIELDS.businesses),
  main_visual_url: imageUrl,
});
/** A person on the public member page (spec §2 /associate/{uid}/member). */
const editableMember = z.object({ id: z.number().int(), ...bilingual(LIST_BILINGUAL_FIELDS.members), image_url: imageUrl });
/** A preset amount the donate page offers for a frequency, with what it achieves. */
const editablePrice = z.object({
  id: z.number().int(),
  frequency: z.enum(FREQUENCIES),
  amount: z.number().int(),
  ...bilingual(LIST_BILINGUAL_FIELDS.prices),
});
/** An active membership plan: its name is edited here, its price and month are not (ADR 070). */
const editablePlan = z.object({
  id: z.number().int(),
  ...bilingual(LIST_BILINGUAL_FIELDS.membership_plans),
  unit: z.number().int(),
  unit_amount: z.number().int(),
  on_month: z.number().int(),
});

/** GET: the editable fields, ja and en side by side. */
export const editableAssociatePage = z.object({
  uid: z.string(),
  logo_url: imageUrl,
  main_visual_url: imageUrl,
  name: z.string(),
  name_en: z.string(),
  catch_copy: z.string(),
  catch_copy_en: z.string(),
  description: z.string(),
  description_en: z.string(),
  profile: z.string(),
  profile_en: z.string(),
  vision_core: z.string(),
  vision_core_en: z.string(),
  vision_detail: z.string(),
  vision_detail_en: z.string(),
  representative: z.string(),
  representative_en: z.string(),
  address: z.string(),
  address_en: z.string(),
  website_url: z.string(),
  /** '' and '' when the organisation has no mail of its own: Kifu's wording is sent. */
  thanks_subject: z.string(),
  thanks_subject_en: z.string(),
  thanks_body: z.string(),
  thanks_body_en: z.string(),
  /** The receipt issuer's details (ADR 033): what a certified NPO's receipt must state. */
  certification_number: z.string(),
  certification_authority: z.string(),
  certification_authority_en: z.string(),
  /** A Japan calendar day, or '' when not certified. */
  certified_on: z.string(),
  /** The certification's last day (ADR 070), or '' when none is recorded. */
  certification_expires_on: z.string(),
  /**
   * The issuer's seal printed on the receipts, or null when none is uploaded: a path under the API
   * that only the associate's members may read (ADR 070), never a public media URL.
   */
  seal_url: z.string().nullable(),
  businesses: z.array(editableBusiness),
  members: z.array(editableMember),
  prices: z.array(editablePrice),
  membership_plans: z.array(editablePlan),
  /** The platform's social challenges this associate works on, in the platform's order. */
  social_challenge_ids: z.array(z.number().int()),
  /** Every social challenge the platform lists, to choose from. */
  social_challenge_choices: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string(), name_en: z.string() })),
  updated_at: z.string(),
});
export type EditableAssociatePage = z.infer<typeof editableAssociatePage>;
export type EditableBusiness = z.infer<typeof editableBusiness>;
export type EditableMember = z.infer<typeof editableMember>;
export type EditablePrice = z.infer<typeof editablePrice>;
export type EditablePlan = z.infer<typeof editablePlan>;

/** The page's own texts (no uid, images, lists or date stamp): what the form holds and the warnings compare. */
export type AssociatePageTexts = Omit<
  EditableAssociatePage,
  | 'uid'
  | 'logo_url'
  | 'main_visual_url'
  | 'seal_url'
  | 'updated_at'
  | 'businesses'
  | 'members'
  | 'prices'
  | 'membership_plans'
  | 'social_challenge_ids'
  | 'social_challenge_choices'
>;

/** A list item's texts: a name is required in Japanese, the rest and every English text may be empty. */
const itemTexts = <F extends string>(fields: readonly F[], max: (field: F) => number) =>
  Object.fromEntries<z.ZodType<string, string>>(
    fields.flatMap((field) => [
      [field, field === 'name' ? required(max(field)) : text(max(field))] as const,
      [`${field}_en`, text(max(field))] as const,
    ]),
  ) as Record<F | `${F}_en`, z.ZodType<string, string>>;

const businessEdit = z
  .object({
    id: rowId.optional(),
    ...itemTexts(LIST_BILINGUAL_FIELDS.businesses, (field) => (field === 'name' ? LL.businessNameMax : LL.businessTextMax)),
  })
  .strict();
const memberEdit = z
  .object({
    id: rowId.optional(),
    ...itemTexts(LIST_BILINGUAL_FIELDS.members, (field) =>
      field === 'name' ? LL.memberNameMax : field === 'role' ? LL.memberRoleMax : LL.memberCommentMax,
    ),
  })
  .strict();
/** A preset amount: whole yen within what every method offered with its frequency accepts (presetAmountLimits). */
const priceEdit = z
  .object({
    id: rowId.optional(),
    frequency: z.enum(FREQUENCIES, { error: 'value' }),
    amount: storedInteger,
    ...itemTexts(LIST_BILINGUAL_FIELDS.prices, () => LL.priceDescriptionMax),
  })
  .strict()
  .superRefine((price, context) => {
    const { min, max } = presetAmountLimits(price.frequency);
    if (price.amount < min) context.addIssue({ code: 'too_small', origin: 'number', minimum: min, path: ['amount'], message: 'min' });
    if (price.amount > max) context.addIssue({ code: 'too_big', origin: 'number', maximum: max, path: ['amount'], message: 'max' });
  });
const planEdit = z.object({ id: rowId, ...itemTexts(LIST_BILINGUAL_FIELDS.membership_plans, () => LL.planNameMax) }).strict();

/** PATCH: any of these; absent is unchanged, '' clears an optional one (English falls back to Japanese). */
export const associatePageEditBody = z
  .object({
    name: required(L.nameMax),
    name_en: text(L.nameMax),
    catch_copy: text(L.catchCopyMax),
    catch_copy_en: text(L.catchCopyMax),
    description: text(L.descriptionMax),
    description_en: text(L.descriptionMax),
    profile: text(L.profileMax),
    profile_en: text(L.profileMax),
    vision_core: text(L.visionCoreMax),
    vision_core_en: text(L.visionCoreMax),
    vision_detail: text(L.visionDetailMax),
    vision_detail_en: text(L.visionDetailMax),
    representative: text(L.representativeMax),
    representative_en: text(L.representativeMax),
    address: text(L.addressMax),
    address_en: text(L.addressMax),
    website_url: websiteUrl,
    thanks_subject: mailText(L.thanksSubjectMax),
    thanks_subject_en: mailText(L.thanksSubjectMax),
    thanks_body: mailText(L.thanksBodyMax),
    thanks_body_en: mailText(L.thanksBodyMax),
    certification_number: text(L.certificationNumberMax),
    certification_authority: text(L.certificationAuthorityMax),
    certification_authority_en: text(L.certificationAuthorityMax),
    certified_on: z.union([dayString, z.literal('')]),
    certification_expires_on: z.union([dayString, z.literal('')]),
    /** A list is sent whole: its items in their new order, an item with an id changes that item, one without is added, one left out is removed. */
    businesses: z.array(businessEdit).max(LL.businessesMax, 'max'),
    members: z.array(memberEdit).max(LL.membersMax, 'max'),
    prices: z.array(priceEdit).max(LL.pricesMax, 'max'),
    /** Only the associate's active plans, each by its id: a plan left out is retired (no new gifts), never deleted (ADR 070). */
    membership_plans: z.array(planEdit).max(LL.plansMax, 'max'),
    social_challenge_ids: z
      .array(rowId)
      .max(LL.socialChallengesMax, 'max')
      .refine((ids) => new Set(ids).size === ids.length, 'unique'),
  })
  .partial()
  .strict();
export type AssociatePageEditBody = z.infer<typeof associatePageEditBody>;
export type BusinessEdit = z.infer<typeof businessEdit>;
export type MemberEdit = z.infer<typeof memberEdit>;
export type PriceEdit = z.infer<typeof priceEdit>;
export type PlanEdit = z.infer<typeof planEdit>;

export const pageLanguageWarning = z.object({
  field: z.enum(BILINGUAL_PAGE_FIELDS),
  missing: z.enum(['ja', 'en']),
});

/** A list item's text changed in one language only: which list, the item's place as saved, the field. */
export const listLanguageWarning = z.object({
  list: z.enum(Object.keys(LIST_BILINGUAL_FIELDS) as [keyof typeof LIST_BILINGUAL_FIELDS, ...(keyof typeof LIST_BILINGUAL_FIELDS)[]]),
  index: z.number().int(),
  field: z.string(),
  missing: z.enum(['ja', 'en']),
});

/** PATCH's answer: the page as saved, and the fields this edit changed in one language only (a warning). */
export const savedAssociatePage = z.object({
  page: editableAssociatePage,
  warnings: z.array(pageLanguageWarning),
  list_warnings: z.array(listLanguageWarning),
});
export type SavedAssociatePage = z.infer<typeof savedAssociatePage>;
