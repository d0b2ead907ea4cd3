// GET /campaign/{campaignId}/rewards/ and /campaign/{campaignId}/rewards/{rewardId}/ (spec §7): the
// rewards of a public campaign with stock, applied count, shipping month and sold out, in the order
// the associate set. A reward of another campaign is a 404, as an unknown one.
import type { api, Locale } from '@kifu/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaignRewards } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { localizer } from '../lib/localize';
import type { PageQuery } from '../lib/paginate';
import type { MediaUrl } from '../media/media-url';
import { pageOfItems, toReward } from './campaign-items';
import { requirePublicCampaign } from './campaign-summaries';

export async function listCampaignRewards(
  db: Database,
  campaignId: number,
  query: PageQuery & { lang: Locale },
  mediaUrl: MediaUrl,
): Promise<api.CampaignRewardList> {
  await requirePublicCampaign(db, campaignId);
  const ofCampaign = eq(campaignRewards.campaignId, campaignId);
  const tr = localizer(query.lang);
  return pageOfItems(
    query,
    () => db.select({ value: count() }).from(campaignRewards).where(ofCampaign),
    ({ limit, offset }) =>
      db
        .select()
        .from(campaignRewards)
        .where(ofCampaign)
        .orderBy(asc(campaignRewards.sortOrder), asc(campaignRewards.id))
        .limit(limit)
        .offset(offset),
    (row) => toReward(row, tr, mediaUrl),
  );
}

export async function getCampaignReward(
  db: Database,
  campaignId: number,
  rewardId: number,
  lang: Locale,
  mediaUrl: MediaUrl,
): Promise<api.CampaignReward> {
  await requirePublicCampaign(db, campaignId);
  const [row] = await db
    .select()
    .from(campaignRewards)
    .where(and(eq(campaignRewards.id, rewardId), eq(campaignRewards.campaignId, campaignId)));
  if (!row) throw new AppError('not_found', `reward ${rewardId} of campaign ${campaignId} not found`);
  return toReward(row, localizer(lang), mediaUrl);
}
