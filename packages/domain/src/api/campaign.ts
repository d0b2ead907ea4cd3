import { z } from 'zod';
import { CAMPAIGN_TYPE_IDS } from '../enums';
import { imageUrl, langQuery, pageQuery, paginated, rowIdParam } from './common';

export const CAMPAIGN_STATUSES = ['draft', 'published', 'closed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaignListQuery = langQuery.extend(pageQuery.shape).extend({
  type: z.coerce
    .number()
    .int()
    .refine((n) => (CAMPAIGN_TYPE_IDS as readonly number[]).includes(n))
    .optional(),
  status: z.enum(['published', 'closed']).optional(),
  associate: z.string().max(64).optional(),
});

export const campaignAssociate = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  logo_url: imageUrl,
});

/**
 * A campaign as visitors see it: `status` is its phase (campaignPhase), so a published campaign
 * whose end time has come reads and filters as `closed`.
 */
export const campaignSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  type: z.number().int(),
  type_label: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  associate: campaignAssociate,
  main_visual_url: imageUrl,
  goal_amount: z.number().int(),
  raised_amount: z.number().int(),
  supporter_count: z.number().int(),
  start_at: z.string(),
  end_at: z.string().nullable(),
  /** Whole days until end_at, rounded up; null without an end date or once closed (campaignDaysLeft). */
  days_left: z.number().int().positive().nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;
export const campaignList = paginated(campaignSummary);
export type CampaignList = z.infer<typeof campaignList>;

/** GET /campaign/{id}/: `message_page` and `message_page_size` page through its supporters' messages (newest first). */
export const campaignDetailQuery = langQuery.extend({
  message_page: pageQuery.shape.page,
  message_page_size: pageQuery.shape.page_size,
});

/** /campaign/{campaignId}/rewards/ and /campaign/{id}/reports/: the campaign's items, a page at a time. */
export const campaignItemsQuery = langQuery.extend(pageQuery.shape);

/** GET /campaign/usage/?campaign={id}. */
export const campaignUsageQuery = campaignItemsQuery.extend({ campaign: rowIdParam });

export const campaignReward = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  amount: z.number().int(),
  /** null means unlimited. */
  stock: z.number().int().nullable(),
  applied_count: z.number().int(),
  /** YYYY-MM */
  shipping_month: z.string().nullable(),
  image_url: imageUrl,
  sold_out: z.boolean(),
});

export type CampaignReward = z.infer<typeof campaignReward>;
export const campaignRewardList = paginated(campaignReward);
export type CampaignRewardList = z.infer<typeof campaignRewardList>;

export const campaignUsage = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  amount: z.number().int(),
  image_url: imageUrl,
});

export type CampaignUsage = z.infer<typeof campaignUsage>;
export const campaignUsageList = paginated(campaignUsage);
export type CampaignUsageList = z.infer<typeof campaignUsageList>;

/** A published report (drafts are never public). */
export const campaignReportSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  published_at: z.string(),
  main_visual_url: imageUrl,
});
export type CampaignReportSummary = z.infer<typeof campaignReportSummary>;
export const campaignReportList = paginated(campaignReportSummary);
export type CampaignReportList = z.infer<typeof campaignReportList>;

/** A promised report date; `due_on` is a date (YYYY-MM-DD). */
export const campaignReportSchedule = z.object({ id: z.number().int(), title: z.string(), due_on: z.string() });

/** GET /campaign/{id}/reports/{reportId}/: the report with its body and the schedules it fulfils. */
export const campaignReportDetail = campaignReportSummary.extend({
  campaign_id: z.number().int(),
  /** The report's words as plain text. */
  body: z.string(),
  /** The report as its editor wrote it, sanitised (ADR 036); empty for a plain-text report. */
  body_html: z.string(),
  schedules: z.array(campaignReportSchedule),
});
export type CampaignReportDetail = z.infer<typeof campaignReportDetail>;

/** GET /campaign/{id}/stretch-target/: the next goal once the first is reached. */
export const campaignStretchTarget = z.object({ target_amount: z.number().int(), description: z.string() });
export type CampaignStretchTarget = z.infer<typeof campaignStretchTarget>;

/** GET /campaign/{id}/custom-author/: who the page names as its author instead of the associate. */
export const campaignCustomAuthor = z.object({ name: z.string(), description: z.string(), image_url: imageUrl });
export type CampaignCustomAuthor = z.infer<typeof campaignCustomAuthor>;

export const campaignMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  /** null when the supporter hid their name. */
  name: z.string().nullable(),
  created_at: z.string(),
  /** The campaign team's answer (ADR 036), or null. */
  reply: z.string().nullable(),
});
export type CampaignMessage = z.infer<typeof campaignMessage>;

export const campaignDetail = campaignSummary.extend({
  body: z.string(),
  /** The story as its editor wrote it, sanitised by the API (ADR 036); empty for a plain-text story (`body`). */
  story_html: z.string(),
  /** The campaign this one raises money for (a supporter's fundraiser, spec §3 parent), when it is public. */
  parent: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  stretch_goal: campaignStretchTarget.nullable(),
  custom_author: campaignCustomAuthor.nullable(),
  rewards: z.array(campaignReward),
  usages: z.array(campaignUsage),
  reports: z.array(campaignReportSummary),
  /** One page of the messages of paid gifts, newest first (campaignDetailQuery); a hidden name is null. */
  messages: z.array(campaignMessage),
  /** How many messages there are in all, for paging through them. */
  message_count: z.number().int(),
});
export type CampaignDetail = z.infer<typeof campaignDetail>;
