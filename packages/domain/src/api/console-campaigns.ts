// The console's campaigns by supporters (ADR 069): the ones whose fundraisers asked the associate
// to approve them, and those already decided, with approve and decline (a reason, mailed).
import { z } from 'zod';
import { CAMPAIGN_APPROVAL_STATUSES } from '../campaign-editing';
import { requiredTextField } from '../schemas/fields';
import { isUsableText, UNUSABLE_TEXT_RULE } from '../schemas/usable-text';
import { associateUidParams } from './associate';
import { CAMPAIGN_STATUSES } from './campaign';
import { langQuery, pageQuery, paginated, rowIdParam } from './common';

/** The tabs: every asked campaign is in one; a draft never asked for approval is the fundraiser's own still. */
export const LISTED_APPROVAL_STATUSES = CAMPAIGN_APPROVAL_STATUSES.filter((status) => status !== 'not_requested');

/** GET /associate/{uid}/console/campaigns/: by approval state, waiting ones first in order of asking. */
export const consoleCampaignsQuery = langQuery.extend(pageQuery.shape).extend({
  approval: z.enum(LISTED_APPROVAL_STATUSES).optional(),
});
export type ConsoleCampaignsQuery = z.infer<typeof consoleCampaignsQuery>;

export const consoleCampaign = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The campaign type (spec §3's 1–6). */
  type: z.number().int(),
  /** The fundraiser as the public page names them (their nickname), or null when their account is gone. */
  fundraiser: z.string().nullable(),
  /** The campaign it raises support for, when it is a fundraiser for one. */
  parent: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  approval: z.enum(CAMPAIGN_APPROVAL_STATUSES),
  goal_amount: z.number().int(),
  start_on: z.string(),
  end_on: z.string().nullable(),
  requested_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Why it was declined, as mailed to the fundraiser. */
  reason: z.string().nullable(),
});
export type ConsoleCampaign = z.infer<typeof consoleCampaign>;

export const consoleCampaigns = paginated(consoleCampaign).extend({
  /** How many are in each listed state, for the tabs. */
  counts: z.object(
    Object.fromEntries(LISTED_APPROVAL_STATUSES.map((status) => [status, z.number().int()])) as Record<
      (typeof LISTED_APPROVAL_STATUSES)[number],
      z.ZodNumber
    >,
  ),
});
export type ConsoleCampaigns = z.infer<typeof consoleCampaigns>;

export const consoleCampaignParams = associateUidParams.extend({ campaignId: rowIdParam });

/** POST …/campaigns/{id}/decline/: the reason the fundraiser reads in their mail and on their dashboard. */
export const declineCampaignBody = z.object({
  reason: requiredTextField(2048).refine(isUsableText, UNUSABLE_TEXT_RULE),
});
export type DeclineCampaignBody = z.infer<typeof declineCampaignBody>;
