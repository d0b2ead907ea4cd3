// Wire shapes of the console's page editor (ADR 067): GET and PATCH
// /associate/{uid}/console/page/. The texts come as stored — Japanese, and English beside it ('' when
// none is written: the public page then shows the Japanese) — never localised. Bounds and the
// warning rule: associate-page.ts.
import { z } from 'zod';
import { ASSOCIATE_PAGE_LIMITS as L, BILINGUAL_PAGE_FIELDS, unknownPlaceholders } from '../associate-page';
import { isUsableText, UNUSABLE_TEXT_RULE } from '../schemas/usable-text';
import { dayString } from './campaign-editing';
import { imageUrl } from './common';

const text = (max: number) => z.string().trim().max(max, 'maxLength').refine(isUsableText, UNUSABLE_TEXT_RULE);
const required = (max: number) => text(max).pipe(z.string().min(1, 'required'));
/** Only what the thank-you mail fills in; a misspelt {{…}} would reach the donor as typed. */
const mailText = (max: number) => text(max).refine((value) => unknownPlaceholders(value).length === 0, 'value');
const websiteUrl = text(L.websiteMax).refine((value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), 'pattern');

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
  updated_at: z.string(),
});
export type EditableAssociatePage = z.infer<typeof editableAssociatePage>;

/** The editable texts only (no uid, images or date stamp): what the form holds and the warnings compare. */
export type AssociatePageTexts = Omit<EditableAssociatePage, 'uid' | 'logo_url' | 'main_visual_url' | 'updated_at'>;

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
  })
  .partial()
  .strict();
export type AssociatePageEditBody = z.infer<typeof associatePageEditBody>;

export const pageLanguageWarning = z.object({
  field: z.enum(BILINGUAL_PAGE_FIELDS),
  missing: z.enum(['ja', 'en']),
});

/** PATCH's answer: the page as saved, and the fields this edit changed in one language only (a warning). */
export const savedAssociatePage = z.object({
  page: editableAssociatePage,
  warnings: z.array(pageLanguageWarning),
});
export type SavedAssociatePage = z.infer<typeof savedAssociatePage>;
