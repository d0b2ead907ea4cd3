import { z } from 'zod';
import { CAMPAIGN_TYPE_IDS } from '../enums';
import { imageUrl, langQuery, pageQuery, paginated } from './common';

export const CAMPAIGN_STATUSES = ['draft', 'published', 'closed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaignListQuery = langQuery.extend(pageQuery.shape).extend({
  type: z.coerce.number().int().refine((n) => (CAMPAIGN_TYPE_IDS as readonly number[]).includes(n)).optional(),
  status: z.enum(['published', 'closed']).optional(),
  associate: z.string().max(64).optional(),
});

export const campaignAssociate = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  logo_url: imageUrl,
});

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
});
export type CampaignSummary = z.infer<typeof campaignSummary>;
export const campaignList = paginated(campaignSummary);
export type CampaignList = z.infer<typeof campaignList>;

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

export const campaignUsage = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  amount: z.number().int(),
  image_url: imageUrl,
});

export const campaignReportSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  published_at: z.string(),
  main_visual_url: imageUrl,
});

export const campaignMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  /** null when the supporter hid their name. */
  name: z.string().nullable(),
  created_at: z.string(),
});

export const campaignDetail = campaignSummary.extend({
  body: z.string(),
  stretch_goal: z.object({ target_amount: z.number().int(), description: z.string() }).nullable(),
  custom_author: z.object({ name: z.string(), description: z.string(), image_url: imageUrl }).nullable(),
  rewards: z.array(campaignReward),
  usages: z.array(campaignUsage),
  reports: z.array(campaignReportSummary),
  messages: z.array(campaignMessage),
});
export type CampaignDetail = z.infer<typeof campaignDetail>;
