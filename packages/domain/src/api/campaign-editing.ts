// Wire shapes of making and running a campaign (ADR 036): creating one from an associate's
// template, the dashboard's view of it (GET /campaign/{id}/edit/, drafts included, for its owner
// and its associate's members only), the edits, release and return to private, and the user's own
// campaigns on /mypage/campaigns. Bounds come from campaign-editing.ts.
import { z } from 'zod';
import {
  CAMPAIGN_APPROVAL_STATUSES,
  CAMPAIGN_LIMITS,
  PROMOTION_CODE_PATTERN,
  RELEASE_CHECKS,
  REWARD_REVIEW_STATES,
} from '../campaign-editing';
import { CAMPAIGN_TYPE_IDS } from '../enums';
import { CAMPAIGN_STATUSES, campaignAssociate, campaignReward, campaignUsage } from './campaign';
import { imageUrl, langQuery, rowId } from './common';

const L = CAMPAIGN_LIMITS;
/** A calendar day in Japan. */
export const dayString = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'validate.date');
const campaignType = z.coerce
  .number({ error: 'value' })
  .int('value')
  .refine((n) => (CAMPAIGN_TYPE_IDS as readonly number[]).includes(n), 'value');
const text = (max: number) => z.string().trim().max(max, 'maxLength');
const optionalText = (max: number) => text(max).nullish();

/** GET /associate/{uid}/campaign-templates/: the starting points offered for each type. */
export const campaignTemplate = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  body: z.string(),
});
export const campaignTemplateList = z.object({
  /** The types this user may create for the associate (a supporter: birthday and challenge; a member: all). */
  allowed_types: z.array(z.number().int()),
  results: z.array(campaignTemplate),
});
export type CampaignTemplateList = z.infer<typeof campaignTemplateList>;

/** POST /campaign/: a new draft for an associate, from one of its templates (or blank). */
export const createCampaignBody = z.object({
  associate_uid: z.string().min(1).max(64),
  type: campaignType,
  template_id: rowId.nullish(),
  lang: langQuery.shape.lang,
});

export const rewardReview = z.object({
  state: z.enum(REWARD_REVIEW_STATES),
  /** The reviewer's comment on a rejection. */
  comment: z.string(),
  requested_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type RewardReview = z.infer<typeof rewardReview>;

/** A reward or usage as the dashboard edits it: the public shape with the stored (not localised) texts. */
export const editableReward = campaignReward.omit({ sold_out: true });
export const editableUsage = campaignUsage;
export const editableReport = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  main_visual_url: imageUrl,
  /** null while a draft. */
  published_at: z.string().nullable(),
  schedule_ids: z.array(z.number().int()),
});
export const editableSchedule = z.object({
  id: z.number().int(),
  title: z.string(),
  due_on: z.string(),
  report_id: z.number().int().nullable(),
});
export const editableDiscount = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_amount: z.number().int(),
  is_active: z.boolean(),
  valid_until: z.string().nullable(),
});

/** GET /campaign/{id}/edit/: everything the dashboard shows and edits. */
export const editableCampaign = z.object({
  id: z.number().int(),
  /** draft (private), published, or closed (ended or closed by its associate). */
  status: z.enum(CAMPAIGN_STATUSES),
  type: z.number().int(),
  type_label: z.string(),
  /** The types it may be switched to while a draft. */
  allowed_types: z.array(z.number().int()),
  role: z.enum(['owner', 'member']),
  /** With the English name beside the Japanese one, as the titles below: the dashboard shows the reader's. */
  associate: campaignAssociate.extend({ name_en: z.string().nullable() }),
  parent: z.object({ id: z.number().int(), title: z.string(), title_en: z.string().nullable() }).nullable(),
  title: z.string(),
  title_en: z.string().nullable(),
  summary: z.string(),
  summary_en: z.string().nullable(),
  /** Sanitised HTML of the story. */
  story_html: z.string(),
  story_html_en: z.string().nullable(),
  main_visual_url: imageUrl,
  has_own_main_visual: z.boolean(),
  goal_amount: z.number().int(),
  start_on: z.string(),
  end_on: z.string().nullable(),
  raised_amount: z.number().int(),
  supporter_count: z.number().int(),
  days_left: z.number().int().nullable(),
  rewards: z.array(editableReward),
  usages: z.array(editableUsage),
  reward_review: rewardReview,
  custom_author: z.object({ id: z.number().int(), name: z.string(), description: z.string(), image_url: imageUrl }).nullable(),
  stretch_goal: z.object({ target_amount: z.number().int(), description: z.string() }).nullable(),
  reports: z.array(editableReport),
  schedules: z.array(editableSchedule),
  discounts: z.array(editableDiscount),
  /** Each release check and whether it is met (campaign-editing.ts). */
  release_checks: z.record(z.enum(RELEASE_CHECKS), z.boolean()),
  /**
   * The associate's approval (ADR 069). `required`: the caller's release asks the associate first
   * instead of going public; the reason is the associate's when it declined.
   */
  approval: z.object({
    required: z.boolean(),
    status: z.enum(CAMPAIGN_APPROVAL_STATUSES),
    requested_at: z.string().nullable(),
    decided_at: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  released_at: z.string().nullable(),
  updated_at: z.string(),
});
export type EditableCampaign = z.infer<typeof editableCampaign>;

/** PATCH /campaign/{id}/edit/: any of these; absent means unchanged, null clears an optional one. */
export const campaignEditBody = z.object({
  title: text(L.titleMax).optional(),
  title_en: optionalText(L.titleMax),
  summary: text(L.summaryMax).optional(),
  summary_en: optionalText(L.summaryMax),
  story_html: z.string().max(L.storyMax, 'maxLength').optional(),
  story_html_en: z.string().max(L.storyMax, 'maxLength').nullish(),
  type: campaignType.optional(),
  goal_amount: z.number({ error: 'value' }).int('value').min(L.goalMin, 'min').max(L.goalMax, 'max').optional(),
  start_on: dayString.optional(),
  end_on: dayString.nullish(),
  lang: langQuery.shape.lang,
});
export type CampaignEditBody = z.infer<typeof campaignEditBody>;

export const rewardBody = z.object({
  title: text(L.itemTitleMax).min(1, 'required'),
  description: text(L.itemDescriptionMax).default(''),
  amount: z.number({ error: 'value' }).int('value').min(L.rewardAmountMin, 'min').max(L.rewardAmountMax, 'max'),
  stock: z.number({ error: 'value' }).int('value').min(0, 'min').max(L.rewardStockMax, 'max').nullable(),
  shipping_month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validate.month')
    .nullable(),
  lang: langQuery.shape.lang,
});
export const usageBody = z.object({
  campaign: rowId.optional(),
  title: text(L.itemTitleMax).min(1, 'required'),
  description: text(L.itemDescriptionMax).default(''),
  amount: z.number({ error: 'value' }).int('value').min(0, 'min').max(L.goalMax, 'max'),
  lang: langQuery.shape.lang,
});
export const customAuthorBody = z.object({
  name: text(L.authorNameMax).min(1, 'required'),
  description: text(L.itemDescriptionMax).default(''),
  lang: langQuery.shape.lang,
});
export const stretchTargetBody = z.object({
  target_amount: z.number({ error: 'value' }).int('value').min(L.goalMin, 'min').max(L.goalMax, 'max'),
  description: text(L.itemDescriptionMax).default(''),
  lang: langQuery.shape.lang,
});
export const reportBody = z.object({
  title: text(L.reportTitleMax).min(1, 'required'),
  /** Sanitised HTML, as the story. */
  body: z.string().max(L.storyMax, 'maxLength').default(''),
  schedule_ids: z.array(rowId).max(L.schedulesMax).default([]),
  lang: langQuery.shape.lang,
});
export const reportScheduleBody = z.object({
  campaign: rowId.optional(),
  title: text(L.itemTitleMax).min(1, 'required'),
  due_on: dayString,
  lang: langQuery.shape.lang,
});
export const discountBody = z.object({
  code: z.string().trim().regex(PROMOTION_CODE_PATTERN, 'pattern'),
  discount_amount: z.number({ error: 'value' }).int('value').min(1, 'min').max(L.rewardAmountMax, 'max'),
  valid_until: dayString.nullable(),
  lang: langQuery.shape.lang,
});
/** PATCH /campaign/reward-check/{id}/: the platform's reviewer decides. */
export const rewardCheckDecision = z
  .object({
    status: z.enum(['approved', 'rejected']),
    comment: text(L.itemDescriptionMax).default(''),
    lang: langQuery.shape.lang,
  })
  // A rejection tells the team what to change.
  .refine((decision) => decision.status === 'approved' || decision.comment.trim() !== '', { path: ['comment'], message: 'required' });
export const rewardCheck = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  status: z.enum(['requested', 'approved', 'rejected']),
  comment: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type RewardCheck = z.infer<typeof rewardCheck>;
/** GET /staff/reward-checks/: a review waiting for Kifu's staff, with the rewards it covers. */
export const waitingRewardCheck = z.object({
  id: z.number().int(),
  created_at: z.string(),
  campaign: z.object({ id: z.number().int(), title: z.string(), associate_name: z.string(), type_label: z.string() }),
  rewards: z.array(editableReward),
});
export type WaitingRewardCheck = z.infer<typeof waitingRewardCheck>;

/** The owner's answer to a supporter's message, or hiding it from the public page. */
export const campaignMessageUpdate = z.object({
  reply: text(L.replyMax).nullish(),
  hidden: z.boolean().optional(),
});
export const dashboardMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  name: z.string().nullable(),
  created_at: z.string(),
  reply: z.string().nullable(),
  hidden: z.boolean(),
});
export const dashboardMessageList = z.object({ count: z.number().int(), results: z.array(dashboardMessage) });
export type DashboardMessage = z.infer<typeof dashboardMessage>;

/** POST /campaign/support-funding/: a supporter's own campaign raising money for `campaign`. */
export const supportFundingBody = z.object({
  campaign: rowId,
  type: campaignType,
  lang: langQuery.shape.lang,
});
export const supportFundingChild = z.object({
  id: z.number().int(),
  title: z.string(),
  owner_name: z.string(),
  raised_amount: z.number().int(),
  supporter_count: z.number().int(),
  /** Its share of everything the children raised, in percent (whole). */
  share_percent: z.number().int(),
});
export const supportFundingList = z.object({
  campaign_id: z.number().int(),
  raised_by_children: z.number().int(),
  results: z.array(supportFundingChild),
});
export type SupportFundingList = z.infer<typeof supportFundingList>;

/** GET /user/my_page/campaigns/: the user's campaigns and drafts, newest change first. */
export const myCampaign = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  type: z.number().int(),
  type_label: z.string(),
  role: z.enum(['owner', 'member']),
  associate: campaignAssociate,
  main_visual_url: imageUrl,
  goal_amount: z.number().int(),
  raised_amount: z.number().int(),
  supporter_count: z.number().int(),
  days_left: z.number().int().nullable(),
  updated_at: z.string(),
});
export const myCampaignList = z.object({ draft_count: z.number().int(), results: z.array(myCampaign) });
export type MyCampaignList = z.infer<typeof myCampaignList>;

/** What an upload answers: the image's URL, to show and to put in the story. */
export const uploadedImage = z.object({ url: z.string() });
export type UploadedImageBody = z.infer<typeof uploadedImage>;
