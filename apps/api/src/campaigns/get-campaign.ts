// GET /campaign/{id}/ (spec §7): one released campaign with its rewards, usages, published
// reports, stretch goal, custom author and latest supporter messages. Null unless the campaign
// is public (isPublicCampaign).
import type { api, Locale } from '@kifu/domain';
import { and, asc, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';
import { isPublicCampaign, toCampaignSummaries } from './campaign-summaries';

/** The page shows the latest messages of paid gifts. */
export const CAMPAIGN_MESSAGE_LIMIT = 20;

export async function getCampaign(db: Database, id: number, lang: Locale, mediaUrl: MediaUrl): Promise<api.CampaignDetail | null> {
  const [row] = await db
    .select()
    .from(t.campaigns)
    .where(and(eq(t.campaigns.id, id), isPublicCampaign(db)));
  if (!row) return null;
  const [[summary], [stretchGoal], [author], rewards, usages, reports, messages] = await Promise.all([
    toCampaignSummaries(db, [row], lang, mediaUrl),
    db.select().from(t.campaignStretchGoals).where(eq(t.campaignStretchGoals.campaignId, id)),
    db.select().from(t.campaignCustomAuthors).where(eq(t.campaignCustomAuthors.campaignId, id)),
    db.select().from(t.campaignRewards).where(eq(t.campaignRewards.campaignId, id)).orderBy(asc(t.campaignRewards.sortOrder), asc(t.campaignRewards.id)),
    db.select().from(t.campaignUsages).where(eq(t.campaignUsages.campaignId, id)).orderBy(asc(t.campaignUsages.sortOrder), asc(t.campaignUsages.id)),
    db
      .select()
      .from(t.campaignReports)
      .where(and(eq(t.campaignReports.campaignId, id), isNotNull(t.campaignReports.publishedAt)))
      .orderBy(desc(t.campaignReports.publishedAt)),
    // Only messages of paid gifts (a message sent with an unpaid or failed gift stays unseen).
    db
      .select({
        id: t.donationMessages.id,
        message: t.donationMessages.message,
        isNamePublic: t.donationMessages.isNamePublic,
        publishedFrom: t.donationMessages.publishedFrom,
        createdAt: t.donationMessages.createdAt,
      })
      .from(t.donationMessages)
      .leftJoin(t.donations, eq(t.donations.id, t.donationMessages.donationId))
      .where(and(eq(t.donationMessages.campaignId, id), or(isNull(t.donationMessages.donationId), eq(t.donations.status, 'paid'))))
      .orderBy(desc(t.donationMessages.createdAt), desc(t.donationMessages.id))
      .limit(CAMPAIGN_MESSAGE_LIMIT),
  ]);
  const tr = localizer(lang);
  return {
    ...summary!,
    body: tr(row, 'body'),
    stretch_goal: stretchGoal ? { target_amount: stretchGoal.targetAmount, description: tr(stretchGoal, 'description') } : null,
    custom_author: author ? { name: tr(author, 'name'), description: tr(author, 'description'), image_url: mediaUrl(author.imagePath) } : null,
    rewards: rewards.map((reward) => ({
      id: reward.id,
      title: tr(reward, 'title'),
      description: tr(reward, 'description'),
      amount: reward.amount,
      stock: reward.stock,
      applied_count: reward.appliedCount,
      shipping_month: reward.shippingMonth,
      image_url: mediaUrl(reward.imagePath),
      sold_out: reward.stock !== null && reward.appliedCount >= reward.stock,
    })),
    usages: usages.map((usage) => ({ id: usage.id, title: tr(usage, 'title'), description: tr(usage, 'description'), amount: usage.amount, image_url: mediaUrl(usage.imagePath) })),
    reports: reports.map((report) => ({ id: report.id, title: tr(report, 'title'), published_at: report.publishedAt!.toISOString(), main_visual_url: mediaUrl(report.mainVisualPath) })),
    // Messages are shown as written; a hidden name is withheld, not just flagged (spec §2 completion screen).
    messages: messages.map((message) => ({
      id: message.id,
      message: message.message,
      name: message.isNamePublic && message.publishedFrom ? message.publishedFrom : null,
      created_at: message.createdAt.toISOString(),
    })),
  };
}
