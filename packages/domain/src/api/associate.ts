import { z } from 'zod';
import { ORGANISATION_TYPE_IDS } from '../enums';
import { isUsableText, UNUSABLE_TEXT_RULE } from '../schemas/usable-text';
import { imageUrl, langQuery, pageQuery, paginated, rowIdParam, socialChallenge } from './common';

export const associateListQuery = langQuery.extend(pageQuery.shape).extend({
  q: z.string().max(256).optional(),
  social_challenge: z.string().max(64).optional(),
  organisation_type: z.coerce
    .number()
    .int()
    .refine((n) => (ORGANISATION_TYPE_IDS as number[]).includes(n))
    .optional(),
});

export const associateSummary = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  catch_copy: z.string(),
  organisation_type: z.number().int(),
  organisation_type_label: z.string(),
  prefecture: z.string(),
  social_challenges: z.array(socialChallenge),
  logo_url: imageUrl,
  main_visual_url: imageUrl,
  is_deductible: z.boolean(),
  supporter_count: z.number().int(),
});
export type AssociateSummary = z.infer<typeof associateSummary>;

export const associateList = paginated(associateSummary);
export type AssociateList = z.infer<typeof associateList>;

export const associateVision = z.object({
  core: z.string(),
  detail: z.string(),
  challenge: z.string(),
  challenge_reason: z.string(),
  use_for_donation: z.string(),
  challenge_image_url: imageUrl,
  challenge_reason_image_url: imageUrl,
  use_for_donation_image_url: imageUrl,
});
/** GET /associate/{uid}/vision/: the same vision the associate detail carries. */
export type AssociateVision = z.infer<typeof associateVision>;

export const associateBusiness = z.object({
  id: z.number().int(),
  name: z.string(),
  purpose: z.string(),
  activity: z.string(),
  result: z.string(),
  cost: z.string(),
  main_visual_url: imageUrl,
});
export type AssociateBusiness = z.infer<typeof associateBusiness>;

/**
 * GET /associate/business/{id}/: one business with its longer text, the images of its activity,
 * result and cost blocks (spec §3; null where the associate gave none) and the associate it
 * belongs to (uid and name for breadcrumbs and for checking a page's uid against it).
 */
export const associateBusinessDetail = associateBusiness.extend({
  detail: z.string(),
  activity_image_url: imageUrl.nullable(),
  result_image_url: imageUrl.nullable(),
  cost_image_url: imageUrl.nullable(),
  associate: z.object({ id: z.number().int(), uid: z.string(), name: z.string() }),
});
export type AssociateBusinessDetail = z.infer<typeof associateBusinessDetail>;

/** Path parameters of the associate routes: the public uid, and a business id within Postgres' integer range. */
/** The web checks a page's uid with it too, so a uid the API would refuse is a 404 page, not an error page. */
export const associateUidParams = z.object({ uid: z.string().min(1).max(64).refine(isUsableText, UNUSABLE_TEXT_RULE) });
export const associateBusinessParams = z.object({ id: rowIdParam });

export const associateMember = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  comment: z.string(),
  image_url: imageUrl,
});

export const donationPrice = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  frequency: z.enum(['single', 'monthly', 'annual']),
  description: z.string(),
});

export const membershipPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Units bought per year; the yearly price is unit × unit_amount. */
  unit: z.number().int().min(1),
  unit_amount: z.number().int(),
  /** Settlement month (1–12) of the yearly automatic payment, spec §9. */
  on_month: z.number().int().min(1).max(12),
});

export const surveyQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  is_required: z.boolean(),
  allows_multiple: z.boolean(),
  choices: z.array(z.object({ id: z.number().int(), label: z.string() })),
});

export const associateDetail = associateSummary.extend({
  description: z.string(),
  /** The organisation's own profile (its history, who it is), as its console writes it (ADR 070). */
  profile: z.string(),
  representative: z.string(),
  established_year: z.number().int().nullable(),
  address: z.string(),
  website_url: z.string().nullable(),
  /**
   * A certified organisation's certification as its receipts state it (number, authority, the day
   * granted and, where recorded, the last day of its term; ADR 070); null when not certified.
   */
  certification: z
    .object({ number: z.string(), authority: z.string(), certified_on: z.string(), expires_on: z.string().nullable() })
    .nullable(),
  kana_required: z.boolean(),
  vision: associateVision,
  businesses: z.array(associateBusiness),
  members: z.array(associateMember),
  donation_setting: z.object({ core: z.string(), detail: z.string(), prices: z.array(donationPrice) }),
  membership_plans: z.array(membershipPlan),
  survey_questions: z.array(surveyQuestion),
  campaign_ids: z.array(z.number().int()),
  portfolio_ids: z.array(z.number().int()),
});
export type AssociateDetail = z.infer<typeof associateDetail>;

/** GET /associate/count_by_social_challenges/: published associates per challenge, every challenge listed. */
export const associateCountBySocialChallenges = z.object({
  results: z.array(socialChallenge.extend({ count: z.number().int() })),
});
export type AssociateCountBySocialChallenges = z.infer<typeof associateCountBySocialChallenges>;

/** GET /associate/{uid}/activity-reports/: the associate's published activity reports, newest first, a page at a time. */
export const associateActivityReportListQuery = langQuery.extend(pageQuery.shape);
/** GET /associate/{uid}/activity-reports/{reportId}/: the report id within Postgres' integer range, like every id. */
export const associateActivityReportParams = associateUidParams.extend({ reportId: rowIdParam });

/**
 * A published activity report ('what your gift did', ADR 033; drafts are never public), with the
 * associate it belongs to (uid and name, for the page's header and links back).
 */
export const associateActivityReport = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The body as text (paragraphs split by blank lines). */
  body: z.string(),
  /** The body as the console's editor wrote it, sanitised (ADR 068); empty for a report written as plain text. */
  body_html: z.string(),
  /** ISO 8601. */
  published_at: z.string(),
  associate: z.object({ uid: z.string(), name: z.string() }),
});
export type AssociateActivityReport = z.infer<typeof associateActivityReport>;
export const associateActivityReportList = paginated(associateActivityReport);
export type AssociateActivityReportList = z.infer<typeof associateActivityReportList>;
