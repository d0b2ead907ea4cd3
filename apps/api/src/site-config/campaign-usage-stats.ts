// GET /campaign/{id}/usage-stats/ (spec §7 /getCampaignUsageStats, ADR 018). Spec §9: usage stats
// are enabled for no campaign, so the answer is `enabled: false` unless the campaign's settings
// turn them on; then it tells what the paid gifts cover: the planned uses filled in order by the
// raised amount, and the paid gifts per reward.
import { api, type Locale } from '@kifu/domain';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { donationTotals } from '../read-models/donation-totals';
import { localizer } from '../lib/localize';
import { readCampaignConfig } from './read-campaign-config';
import { keptAmount } from '../read-models/kept-amount';

/** Null when there is no such public campaign. */
export async function campaignUsageStats(db: Database, campaignId: number, lang: Locale): Promise<api.CampaignUsageStats | null> {
  const config = await readCampaignConfig(db, campaignId);
  if (!config) return null;
  if (!api.usageStatsEnabled(campaignId, config)) return { campaign_id: campaignId, enabled: false };

  const paidOfCampaign = and(eq(t.donations.campaignId, campaignId), eq(t.donations.status, 'paid'));
  const [totalsOf, [{ donations } = { donations: 0 }], usages, rewards, perReward] = await Promise.all([
    donationTotals(db, 'campaignId', [campaignId]),
    db.select({ donations: count() }).from(t.donations).where(paidOfCampaign),
    db
      .select()
      .from(t.campaignUsages)
      .where(eq(t.campaignUsages.campaignId, campaignId))
      .orderBy(asc(t.campaignUsages.sortOrder), asc(t.campaignUsages.id)),
    db
      .select()
      .from(t.campaignRewards)
      .where(eq(t.campaignRewards.campaignId, campaignId))
      .orderBy(asc(t.campaignRewards.sortOrder), asc(t.campaignRewards.id)),
    db
      .select({ rewardId: t.donations.rewardId, donations: count(), raised: sql`coalesce(sum(${keptAmount}), 0)`.mapWith(Number) })
      .from(t.donations)
      .where(and(paidOfCampaign, isNotNull(t.donations.rewardId)))
      .groupBy(t.donations.rewardId),
  ]);
  const raised = totalsOf(campaignId).raised;
  const funded = api.fundUsagesInOrder(
    raised,
    usages.map((usage) => usage.amount),
  );
  const byReward = new Map(perReward.map((row) => [row.rewardId, row]));
  const tr = localizer(lang);
  return {
    campaign_id: campaignId,
    enabled: true,
    raised_amount: raised,
    donation_count: donations,
    usages: usages.map((usage, index) => ({
      id: usage.id,
      title: tr(usage, 'title'),
      amount: usage.amount,
      funded_amount: funded[index]!,
    })),
    rewards: rewards.map((reward) => ({
      id: reward.id,
      title: tr(reward, 'title'),
      amount: reward.amount,
      donation_count: byReward.get(reward.id)?.donations ?? 0,
      raised_amount: byReward.get(reward.id)?.raised ?? 0,
    })),
  };
}
