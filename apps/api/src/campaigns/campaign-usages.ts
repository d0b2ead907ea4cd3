// GET /campaign/usage/?campaign={id} (spec §7): how a public campaign will use the money, in the
// order the associate set. The campaign is required; an unknown or draft one is a 404.
import type { api } from '@kifu/domain';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { campaignUsages } from '../db/schema/index';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';
import { pageOfItems, toUsage } from './campaign-items';
import { requirePublicCampaign } from './campaign-summaries';

export async function listCampaignUsages(
  db: Database,
  query: z.infer<typeof api.campaignUsageQuery>,
  mediaUrl: MediaUrl,
): Promise<api.CampaignUsageList> {
  await requirePublicCampaign(db, query.campaign);
  const ofCampaign = eq(campaignUsages.campaignId, query.campaign);
  const tr = localizer(query.lang);
  return pageOfItems(
    query,
    () => db.select({ value: count() }).from(campaignUsages).where(ofCampaign),
    ({ limit, offset }) =>
      db
        .select()
        .from(campaignUsages)
        .where(ofCampaign)
        .orderBy(asc(campaignUsages.sortOrder), asc(campaignUsages.id))
        .limit(limit)
        .offset(offset),
    (row) => toUsage(row, tr, mediaUrl),
  );
}
